/**
 * The auth module's composition root, decorated as `app.auth`: the account service over its repository, the
 * mailer and the device cookies (keyed from the media secret), built once. The auth routes consume it; the session
 * plugin (session-plugin.ts) resolves cookies into `request.user` separately, before any route.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { resolveMediaSecret } from '../../media/media-urls';
import { createAccountRepository } from './account-repository';
import { createDeviceCookies } from './device-cookies';
import { authRoutes } from './routes';
import { createAuthService, type AuthService } from './service';

interface AuthFeature {
  service: AuthService;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthFeature;
  }
}

const authPlugin = fp(
  async (app) => {
    const service = createAuthService({
      accounts: createAccountRepository(app.database),
      mailer: app.mailer,
      log: app.log,
      devices: createDeviceCookies(resolveMediaSecret(app.config.mediaSecret, app.config.dataDir)),
      limits: app.config.limits,
    });
    app.decorate('auth', { service });
  },
  { name: 'auth', dependencies: ['session', 'mailer'], decorators: { fastify: ['config', 'database', 'mailer'] } },
);

export const authModule = defineModule({ name: 'auth', plugin: authPlugin, routes: authRoutes });
