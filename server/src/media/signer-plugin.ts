/**
 * One MediaUrlSigner per app (`app.mediaSigner`), built from MEDIA_SECRET (or the secret kept in DATA_DIR)
 * and MEDIA_URL_TTL_SECONDS. Story answers sign media keys with it; the media route verifies with it.
 */
import fp from 'fastify-plugin';
import { createMediaUrlSigner, resolveMediaSecret, type MediaUrlSigner } from './media-urls';

declare module 'fastify' {
  interface FastifyInstance {
    mediaSigner: MediaUrlSigner;
  }
}

export const mediaSignerPlugin = fp(
  async (app) => {
    const secret = resolveMediaSecret(app.config.mediaSecret, app.config.dataDir);
    app.decorate('mediaSigner', createMediaUrlSigner(secret, app.config.mediaUrlTtlSeconds));
  },
  { name: 'media-signer' },
);
