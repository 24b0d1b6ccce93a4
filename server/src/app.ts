/**
 * buildApp(config) assembles the whole server: external plugins, then cross-cutting app plugins, then the
 * feature routes under /api, then the built client with SPA fallback. Tests (app.inject), `main.ts` and the
 * benchmarks all start the server through this one function.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { servedOverHttps, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { errorHandler } from './plugins/error-handler';
import { sameOriginGuard } from './plugins/same-origin';
import { responseHeadersPlugin } from './plugins/response-headers';
import { securityHeadersPlugin } from './plugins/security-headers';
import { accessPlugin } from './plugins/access';
import { routeContractPlugin } from './plugins/route-contract';
import { jsonBodyPlugin } from './plugins/json-body';
import { avToolsPlugin, mailerPlugin, mediaStorePlugin, mediaWorkPlugin, weatherPlugin } from './plugins/services';
import type { Mailer } from './mail/mailer';
import type { AvTools } from './media/av';
import type { MediaStore } from './media/media-store';
import type { WeatherProvider } from './weather/weather-provider';
import { sessionPlugin } from './modules/auth/session-plugin';
import { sessionCookieName } from './modules/auth/session-store';
import { mediaSignerPlugin } from './media/signer-plugin';
import { PAGE_TILES_ELEMENT_ID } from '#common/constants';
import { withPrivateLogs } from './plugins/log-privacy';
import { sharedStatePlugin } from './shared-state/plugin';
import { metricsPlugin } from './plugins/metrics';
import { requestIdOptions, requestIdPlugin } from './plugins/request-id';
import { answerLanguagePlugin } from './plugins/answer-language';
import { requestLogPlugin } from './plugins/request-log';
import { addressKey } from './lib/client-address';
import { pageWithPreloads, readBuildManifest } from './page-preloads';
import { homeFirstLook, pageWithFirstLook } from './map-first-look';
import { mapPageAt, type MapPage } from '#common/map-pages';
import type { AppModule } from './lib/app-module';
import { healthModule } from './modules/health/plugin';
import { categoriesModule } from './modules/categories/plugin';
import { configModule } from './modules/config/plugin';
import { authModule } from './modules/auth/plugin';
import { accountModule } from './modules/account/plugin';
import { notificationsModule } from './modules/notifications/plugin';
import { pushModule } from './modules/push/plugin';
import { locationModule, type LocationPluginOptions } from './modules/location/plugin';
import { storyIndexModule } from './modules/stories/story-index/plugin';
import { placesModule } from './modules/places/plugin';
import { storiesModule } from './modules/stories/plugin';
import { transcriptsModule } from './modules/transcripts/plugin';
import { toursModule } from './modules/tours/plugin';
import { draftsModule } from './modules/drafts/plugin';
import { moderationModule } from './modules/moderation/plugin';
import { insightsModule, type InsightsPluginOptions } from './modules/insights/plugin';
import { mediaFilesModule } from './modules/media-files/plugin';
import { tilesModule, type ClientTiles, type TilesPluginOptions } from './modules/tiles/plugin';
import { tracesModule } from './modules/traces/plugin';
import { followsModule } from './modules/follows/plugin';
import { shareModule } from './modules/share/plugin';
import { docsModule } from './modules/docs/plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Time limits on receiving a request: its head, and the whole of it (uploads included). */
export const HEADERS_TIMEOUT_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 10 * 60_000;
const CLIENT_DIST_DIR = path.resolve(here, '../../dist/client');

/**
 * The server's modules (lib/app-module.ts), in the order their plugins are registered: a module comes after every
 * module it lists in `dependencies`. Their routes follow, in the same order. A new module is one line here.
 */
export function appModules(deps: AppDependencies): AppModule[] {
  return [
    healthModule,
    categoriesModule,
    configModule,
    authModule,
    accountModule,
    notificationsModule,
    pushModule,
    locationModule(deps.location),
    storyIndexModule,
    placesModule,
    transcriptsModule,
    storiesModule,
    toursModule,
    draftsModule,
    moderationModule,
    insightsModule(deps.insights),
    mediaFilesModule,
    tilesModule(deps.tiles),
    tracesModule,
    followsModule,
    shareModule,
    docsModule,
  ];
}

export interface AppDependencies {
  /** An already-open database (tests pass a migrated copy); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built client to serve (default dist/client); tests point it at a folder of their own. */
  clientDir?: string;
  /** Stand-ins for the outside services (tests); each is otherwise built from the config. */
  mediaStore?: MediaStore;
  mailer?: Mailer;
  weather?: WeatherProvider;
  /** ffmpeg/ffprobe (default: as found on PATH; NO_AV_TOOLS for the pure-JS media checks). */
  avTools?: AvTools;
  /** Called with every route as it is registered (app-routes.api.test.ts checks each route's contract). */
  onRoute?: (route: RouteOptions) => void;
  /** The reader-claim store and clock (a shared store for several instances; tests pass a clock). */
  location?: LocationPluginOptions;
  /** The insights' clock (tests move it past a day's end to see the day released). */
  insights?: InsightsPluginOptions;
  /** The tile server's time limit (tests). */
  tiles?: TilesPluginOptions;
}

export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withPrivateLogs(deps.logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Route ids are uuids and coordinates; nothing legitimate is longer than this.
    routerOptions: { maxParamLength: 200 },
    // A client must send its whole request within this time (a slow-loris holds no socket for ever); long
    // enough for the largest upload on a slow mobile connection.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // On SIGTERM the closed listener refuses new connections; a request already on an accepted connection is
    // served rather than answered 503 (docs/security.md, "Threat model": in-flight requests finish).
    return503OnClosing: false,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Request ids (docs/operations.md): a UUID per request in every log line and in the x-request-id response header.
    ...requestIdOptions(config.trustProxy),
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Node's http server: the request head must arrive within this time (Fastify has no option of its own for it).
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pgdata'),
      poolSize: config.databasePoolSize,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  app.setErrorHandler(errorHandler);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { directives: contentSecurityPolicy() },
    // HSTS only makes sense when the app is really served over HTTPS.
    strictTransportSecurity: servedOverHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(requestIdPlugin);
  await app.register(answerLanguagePlugin);
  await app.register(requestLogPlugin);
  // Shared short-lived state (docs/operations.md): Redis when REDIS_URL is set, so limits hold across instances.
  await app.register(sharedStatePlugin);
  // Limits are opt-in per route (login, registration, reset, creation, location queries).
  await app.register(rateLimit, {
    global: false,
    // With Redis, counts are shared by every instance; if Redis is briefly away, requests pass rather than fail.
    ...(app.redis ? { redis: app.redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    // Per client address with IPv6 by its /64: the one rule of every limit (lib/client-address.ts).
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(sameOriginGuard, { publicUrl: config.publicUrl });
  await app.register(sessionPlugin);
  await app.register(responseHeadersPlugin);
  // Before any route: both act on routes as they are registered (compilers, docs, access hooks).
  await app.register(jsonBodyPlugin);
  await app.register(routeContractPlugin, {
    sessionCookieName: sessionCookieName(config),
    serverUrl: config.publicUrl ?? '/',
  });
  await app.register(accessPlugin);
  await app.register(mediaSignerPlugin);
  await app.register(mediaStorePlugin, { store: deps.mediaStore });
  await app.register(avToolsPlugin, { avTools: deps.avTools });
  await app.register(mediaWorkPlugin);
  // Prometheus metrics (docs/operations.md): request count/latency per route for every route registered after this.
  await app.register(metricsPlugin);
  await app.register(mailerPlugin, { mailer: deps.mailer });
  await app.register(weatherPlugin, { weather: deps.weather });
  const modules = appModules(deps);
  for (const module of modules) if (module.plugin) await app.register(module.plugin);
  // The page carries the map's tiles (app.tiles, decorated by the tiles module) and is read by the share pages.
  const client = readClient(deps.clientDir ?? CLIENT_DIST_DIR, app.tiles.client);
  app.decorate('clientPage', client?.page ?? null);
  for (const module of modules)
    if (module.routes) await app.register(module.routes, { prefix: module.prefix ?? '/api' });

  await registerClient(app, client, {
    serveSourceMaps: config.env !== 'production',
    tiles: app.tiles.client,
  });
  return app;
}

/**
 * Which X-Forwarded-For entries Fastify believes (docs/decisions/011-trust-proxy.md); request.ip is then the
 * right-most address not vouched for. A hop count trusts that many hops from the socket inward, whoever the peer
 * is (Fastify's own number option now trusts nothing, so it is spelled out as a function here).
 */
function trustProxyOption(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** The built client: its folder and its page with the tiles written in (`pageWithTiles`). */
interface BuiltClient {
  dir: string;
  page: string;
}

/** The built client in `clientDir`, or null when there is none (`npm run build` not run). */
function readClient(clientDir: string, tiles: PageTiles): BuiltClient | null {
  const indexPath = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  return { dir: clientDir, page: pageWithTiles(fs.readFileSync(indexPath, 'utf8'), tiles) };
}

/**
 * Serves the built client: hashed assets cached for a year, the page never cached, SPA fallback. Source maps
 * (the build writes them for error reports) are not served in production: they would publish the source. The page
 * carries the tile server (`pageWithTiles`), so a map draws its tiles without waiting for GET /api/config.
 */
async function registerClient(
  app: FastifyInstance,
  client: BuiltClient | null,
  options: { serveSourceMaps: boolean; tiles: PageTiles },
) {
  const hasClient = client !== null;
  if (!options.serveSourceMaps) {
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.endsWith('.map'))
        return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found` });
    });
  }
  const page = client?.page ?? '';
  // The map pages name their own chunks too (page-preloads.ts); every other path is sent the plain page.
  const manifest = client ? readBuildManifest(client.dir) : undefined;
  const mapPages: Record<MapPage, string> = {
    home: withFirstLook(manifest ? pageWithPreloads(page, manifest, 'home') : page, options.tiles),
    discover: manifest ? pageWithPreloads(page, manifest, 'discover') : page,
  };
  const pageAt = (pathname: string) => {
    const mapPage = mapPageAt(pathname);
    return mapPage ? mapPages[mapPage] : page;
  };
  if (client) {
    await app.register(fastifyStatic, {
      root: client.dir,
      // `/` is the page with its tiles (below), like every other page path.
      index: false,
      // The build's manifest is for the server (page-preloads.ts), not for the public.
      allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
      wildcard: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = (reply: FastifyReply, pathname: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageAt(pathname));
  if (hasClient) app.get('/', { config: { access: 'public' } }, async (_request, reply) => sendPage(reply, '/'));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage || pathname.startsWith('/assets/')) {
      return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found` });
    }
    if (!hasClient) {
      return reply.code(404).send({ message: 'The client is not built. Run `npm run build` or `npm start`.' });
    }
    return sendPage(reply, pathname);
  });
}

/**
 * The home page with its first look (map-first-look.ts), or as it is when the tile template needs Leaflet or the
 * tiles are vector tiles (drawn by script only).
 */
function withFirstLook(html: string, tiles: PageTiles): string {
  const main = tiles.tileKind === 'raster' ? homeFirstLook(tiles.tileUrl) : null;
  return main ? pageWithFirstLook(html, main) : html;
}

/** The tiles a page's maps draw from (GET /api/config says the same). */
type PageTiles = ClientTiles;

/**
 * The page with its tiles (always on the app's own origin) written into it as a JSON data block (not a script that
 * runs, so the CSP's script-src does not apply). Every `<` is escaped, so no value can close the element.
 */
export function pageWithTiles(html: string, tiles: PageTiles): string {
  const json = JSON.stringify(tiles).replace(/</g, '\\u003c');
  // A function, so a `$` in a value is not read as a replacement pattern.
  return html.replace(
    '</head>',
    () => `<script type="application/json" id="${PAGE_TILES_ELEMENT_ID}">${json}</script></head>`,
  );
}

/** Images and connections from the app's origin only: a reader's browser talks to Whispers only (docs/security.md). */
function contentSecurityPolicy() {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
