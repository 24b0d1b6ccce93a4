import fp from 'fastify-plugin';
import { localeOfRequest, translateMessage } from '../lib/i18n/server-messages';

/**
 * Refusals (`{ "message": "…" }`, every 4xx and 5xx) in the reader's language, from Accept-Language, which the
 * client sets to the interface's language (docs/decisions/062-interface-languages.md).
 */
export const answerLanguagePlugin = fp(
  async (app) => {
    app.addHook('preSerialization', async (request, reply, payload: unknown) => {
      if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
      const { message } = payload as { message?: unknown };
      if (typeof message !== 'string') return payload;
      reply.header('vary', 'Accept-Language');
      const locale = localeOfRequest(request.headers['accept-language']);
      reply.header('content-language', locale);
      return locale === 'en' ? payload : { ...payload, message: translateMessage(message, locale) };
    });
  },
  { name: 'answer-language' },
);
