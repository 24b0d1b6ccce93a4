/**
 * Helmet's security headers (CSP, HSTS on HTTPS answers, X-Content-Type-Options, Referrer-Policy, …),
 * worked out once at start-up: helmet's middleware is run against a recording response, and every answer then
 * gets the recorded headers in one call. Only HSTS depends on the request (its scheme); building the headers per
 * request was measurable on the nearby read (docs/decisions/009-story-index.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set with these options, lower-cased names. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  // Helmet's middleware is synchronous; a version that is not would leave headers out silently.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const { 'strict-transport-security': hsts, ...headers } = helmetHeaders(options);
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // HSTS only on an answer that itself travels over HTTPS (directly, or as a trusted proxy reports it): on
      // plain HTTP it means nothing to a browser and misstates the connection (docs/security.md, "Hardening, third round").
      if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    });
  },
  { name: 'security-headers' },
);
