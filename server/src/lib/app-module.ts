/**
 * The one shape of a server module (server/src/modules/<name>/plugin.ts): a plugin that builds the module's
 * repository and services once, decorates the app with one value named after the module (`app.tours`,
 * `{ service }` style) and declares, as fastify-plugin `dependencies` and `decorators`, every plugin and decoration
 * it uses; and the routes that consume that decoration. app.ts walks its list of modules: every module's plugin in
 * list order (so a module comes after those it depends on), then every module's routes, under /api unless the
 * module serves pages (`prefix: ''`). Registering all plugins before any route keeps every app-wide hook (metrics,
 * the story index's write fences, the reader cookie) in front of every route.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface AppModule {
  /** The module's name (its folder), also the fastify-plugin name others list in `dependencies`. */
  name: string;
  /** Builds and decorates the module's parts (a fastify-plugin, so the decoration is seen app-wide). */
  plugin?: FastifyPluginAsync;
  /** The module's routes, registered after every module's plugin. */
  routes?: FastifyPluginAsyncZod;
  /** Where the routes live: under /api (default), or at the root for pages a person opens. */
  prefix?: '/api' | '';
}

/** Names a module's parts; the type checks the shape. */
export function defineModule(module: AppModule): AppModule {
  return module;
}
