/**
 * The account module's composition root (docs/design.md, rule 13), decorated as `app.account`: deleting an account and exporting
 * its data, over its repository and the media store, with export links signed by the app's own media secret (so
 * /api/media verifies them) and valid for a day. The account routes consume it.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { createMediaUrlSigner, resolveMediaSecret } from '../../media/media-urls';
import { createAccountDataRepository } from './account-data-repository';
import { accountRoutes } from './routes';
import { createAccountDataService, EXPORT_LINK_TTL_SECONDS, type AccountDataService } from './account-data-service';

interface AccountFeature {
  service: AccountDataService;
}

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountFeature;
  }
}

const accountPlugin = fp(
  async (app) => {
    const secret = resolveMediaSecret(app.config.mediaSecret, app.config.dataDir);
    const service = createAccountDataService({
      repository: createAccountDataRepository(app.database),
      store: app.mediaStore,
      exportSigner: createMediaUrlSigner(secret, EXPORT_LINK_TTL_SECONDS),
      log: app.log,
    });
    app.decorate('account', { service });
  },
  { name: 'account', dependencies: ['media-store'], decorators: { fastify: ['config', 'database', 'mediaStore'] } },
);

export const accountModule = defineModule({ name: 'account', plugin: accountPlugin, routes: accountRoutes });
