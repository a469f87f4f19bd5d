import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, and CORS for a console served from another origin
 * (CORS_ORIGIN): the Authorization header is exposed so a rotated token reaches the browser.
 */
const HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'Access-Control-Expose-Headers': 'Authorization',
};

export function installSecurityHeaders(app: FastifyInstance, corsOrigin?: string): void {
  // Set when the request arrives (a plain callback hook, no promise per request); a handler can
  // still add to or override them.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(HEADERS);
    if (corsOrigin && request.headers.origin === corsOrigin) {
      reply.header('Access-Control-Allow-Origin', corsOrigin);
      reply.header('Vary', 'Origin');
    }
    done();
  });
  if (corsOrigin) {
    app.options('/api/*', { config: { access: 'public' } }, async (_request, reply) => {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    });
  }
}
