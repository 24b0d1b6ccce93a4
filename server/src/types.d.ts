import type { Config } from './config';
import type { Database } from './db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The built client's page (with its tile server), or null when the client is not built (app.ts). */
    clientPage: string | null;
  }
}
