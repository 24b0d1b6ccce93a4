import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument } from './openapi';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /api/docs (a readable index) and /api/docs/openapi.json (the OpenAPI 3 document). */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  const document = buildOpenApiDocument();
  app.get('/docs/openapi.json', async () => document);
  app.get('/docs', async (_request, reply) => {
    const rows = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(
          ([method, op]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml((op as { summary: string }).summary)}</td></tr>`,
        ),
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Whispers API</title></head><body>` +
          `<h1>Whispers API</h1><p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a>. ` +
          `Errors are JSON <code>{ "message": "…" }</code>.</p><table>${rows}</table></body></html>`,
      );
  });
};
