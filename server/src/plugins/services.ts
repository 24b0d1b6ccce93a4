/**
 * The app's outside services, each built once and decorated onto the app by a named plugin: the media store
 * (`app.mediaStore`), the ffmpeg/ffprobe binaries (`app.avTools`) and their work queue (`app.mediaWork`), the mailer (`app.mailer`) and the weather provider
 * (`app.weather`, undefined when none is configured). `buildApp(config, deps)` passes a stand-in for any of them to the plugin (tests); otherwise the
 * plugin builds the real one from the config.
 */
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer';
import { detectAvTools, type AvTools } from '../media/av';
import { createMediaStore, type MediaStore } from '../media/media-store';
import { createMediaWorkQueue, type MediaWorkQueue } from '../media/work-queue';
import { weatherProviderFromConfig, type WeatherProvider } from '../weather/weather-provider';

declare module 'fastify' {
  interface FastifyInstance {
    mediaStore: MediaStore;
    avTools: AvTools;
    mediaWork: MediaWorkQueue;
    mailer: Mailer;
    weather: WeatherProvider | undefined;
  }
}

export const mediaStorePlugin = fp<{ store?: MediaStore }>(
  async (app, options) => {
    app.decorate('mediaStore', options.store ?? createMediaStore(app.config));
  },
  { name: 'media-store' },
);

/** ffmpeg/ffprobe as found on PATH; tests pass NO_AV_TOOLS to exercise the pure-JS checks through the app. */
export const avToolsPlugin = fp<{ avTools?: AvTools }>(
  async (app, options) => {
    app.decorate('avTools', options.avTools ?? detectAvTools());
  },
  { name: 'av-tools' },
);

/** The process's one audio/video work queue (MEDIA_WORK_CONCURRENCY, MEDIA_QUEUE_MAX; media/work-queue.ts). */
export const mediaWorkPlugin = fp(
  async (app) => {
    app.decorate('mediaWork', createMediaWorkQueue(app.config.mediaWork));
  },
  { name: 'media-work' },
);

export const mailerPlugin = fp<{ mailer?: Mailer }>(
  async (app, options) => {
    const mailer =
      options.mailer ??
      createMailer({
        smtpUrl: app.config.smtpUrl,
        from: app.config.mailFrom,
        dataDir: app.config.dataDir,
        log: app.log,
      });
    app.decorate('mailer', mailer);
    // A stand-in passed in belongs to the caller; the real one is closed with the app.
    if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);

export const weatherPlugin = fp<{ weather?: WeatherProvider }>(
  async (app, options) => {
    app.decorate('weather', options.weather ?? weatherProviderFromConfig(app.config));
  },
  { name: 'weather' },
);
