import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site (CSRF defence in depth next to SameSite=Lax cookies):
 * when the browser names an Origin, it must be this server's own host (or PUBLIC_URL's).
 */
export const sameOriginGuard = fp<{ publicUrl?: string }>(async (app, options) => {
  const allowedOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || origin === allowedOrigin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = '';
    }
    if (originHost !== request.headers.host) {
      return reply.code(403).send({ message: 'Cross-site request refused' });
    }
  });
});
