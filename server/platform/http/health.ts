import type { FastifyInstance } from 'fastify';

/** Probes are called every few seconds: their request lines stay out of the info log. */
const QUIET = { logLevel: 'warn' as const, config: { access: 'public' as const } };

/**
 * `GET /healthz`: the process answers (200). `GET /readyz`: it can serve, as `ready` judges (200;
 * else 503 with the reason in Chinese). Both public and cheap; never cached.
 */
export function registerHealthRoutes(app: FastifyInstance, ready: () => Promise<string | null>): void {
  app.get('/healthz', QUIET, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', QUIET, async (_request, reply) => {
    const reason = await ready();
    reply.header('Cache-Control', 'no-store');
    return reason === null ? reply.send({ status: 'ok' }) : reply.status(503).send({ status: 'unavailable', message: reason });
  });
}
