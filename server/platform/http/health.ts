import type { FastifyInstance } from 'fastify';
import { appVersion } from '../version.js';

/** Probes are called every few seconds: their request lines stay out of the info log. */
const QUIET = { logLevel: 'warn' as const, config: { access: 'public' as const } };

declare module 'fastify' {
  interface FastifyInstance {
    /** What else this process needs to serve besides the database (each: null when fine, else why not), asked by /readyz. */
    readinessChecks: Array<() => string | null>;
  }
}

/**
 * `GET /healthz`: the process answers (200), with the running code's version.
 * `GET /readyz`: it can serve, as `ready` judges (200;
 * else 503 with the reason in Chinese); `ready` first, then each of `app.readinessChecks`. Both public and cheap; never cached.
 */
export function registerHealthRoutes(app: FastifyInstance, ready: () => Promise<string | null>): void {
  app.get('/healthz', QUIET, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 'ok', version: appVersion() }),
  );
  app.decorate('readinessChecks', []);
  app.get('/readyz', QUIET, async (_request, reply) => {
    const reason = (await ready()) ?? app.readinessChecks.map((check) => check()).find((r) => r !== null) ?? null;
    reply.header('Cache-Control', 'no-store');
    return reason === null ? reply.send({ status: 'ok' }) : reply.status(503).send({ status: 'unavailable', message: reason });
  });
}
