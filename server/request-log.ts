import type { FastifyInstance, FastifyRequest } from 'fastify';

/** SMS-Activate actions scripts call in a loop while they wait for a code. */
const POLL_ACTIONS = new Set(['getStatus', 'getStatusV2', 'getFullSms', 'getRentStatus', 'getActiveActivations']);
/** A poll this slow is logged after all (a long poll, `?wait=`, is slow on purpose and is not). */
const SLOW_MS = 5_000;

/**
 * One line per request, written once it is answered: method, the url with its keys masked, status,
 * time taken and the client's address as the app sees it (TRUST_PROXY's, not the proxy's). Polls
 * (code reads, getStatus and its kind) come a thousand times a second under load and are left out
 * unless they fail or are slow; routes with a quieter log level (the probes) are left out by it.
 */
export function installRequestLog(app: FastifyInstance, maskUrl: (url: string) => string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status < 400 && isPoll(request) && (ms < SLOW_MS || isLongPoll(request))) return;
    request.log.info({ method: request.method, url: maskUrl(request.url), status, ms: Math.round(ms), ip: request.ip }, 'request');
  });
}

function isPoll(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0];
  if (path.startsWith('/api/code/')) return true;
  if (path !== '/stubs/handler_api.php') return false;
  const action = paramNamed(request.query, 'action') ?? paramNamed(request.body, 'action');
  return action !== undefined && POLL_ACTIONS.has(action);
}

function isLongPoll(request: FastifyRequest): boolean {
  return paramNamed(request.query, 'wait') !== undefined;
}

/** A parameter by name, however its name is cased (scripts write ACTION= too). */
function paramNamed(source: unknown, name: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  for (const [key, value] of Object.entries(source)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value;
  }
  return undefined;
}
