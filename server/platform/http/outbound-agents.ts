import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './outbound-address.js';

/**
 * Keep-alive connection pools for outbound requests, one per checked target: the address that was
 * checked, the port, and the URL's name (the TLS certificate's and the Host header's). Each pool's
 * sockets connect only to its address, so a kept connection can never lead anywhere but where the
 * check said, and a poll that asks the same provider every few seconds reuses one connection instead
 * of paying a new TCP and TLS handshake each time.
 */

/** Connections to one target at once; more requests wait for one (their time limit still runs). */
const MAX_SOCKETS = 32;
/** Idle connections kept per target. */
const MAX_FREE_SOCKETS = 4;
/**
 * An idle connection is closed after this long: below the 5 s most servers (Node's among them) keep
 * an idle connection, so we close first and do not send on one the server is closing.
 */
export const IDLE_MS = 4_000;
/** Pools kept; past it the least recently used one is dropped (its idle connections closed, those in use finish). */
const MAX_AGENTS = 256;

const agents = new Map<string, http.Agent>();

export function agentFor(secure: boolean, target: Target, port: number, servername: string): http.Agent {
  const key = `${secure ? 'https' : 'http'} ${target.address} ${port} ${servername}`;
  let agent = agents.get(key);
  if (agent) {
    // Most recently used last: the first is the one to drop.
    agents.delete(key);
  } else {
    agent = newAgent(secure, target);
    if (agents.size >= MAX_AGENTS) drop(agents.keys().next().value as string);
  }
  agents.set(key, agent);
  return agent;
}

function newAgent(secure: boolean, target: Target): http.Agent {
  const options = {
    keepAlive: true,
    maxSockets: MAX_SOCKETS,
    maxFreeSockets: MAX_FREE_SOCKETS,
    // For an idle socket: closed when it has been idle this long (a socket in use is not affected).
    timeout: IDLE_MS,
    // Connect where the check said, whatever the name resolves to now.
    lookup: ((_host, opts, cb) => {
      if (opts?.all) cb(null, [{ address: target.address, family: target.family }]);
      else cb(null, target.address, target.family);
    }) satisfies LookupFunction,
  };
  return secure ? new https.Agent(options) : new http.Agent(options);
}

function drop(key: string): void {
  const agent = agents.get(key);
  agents.delete(key);
  for (const list of Object.values(agent?.freeSockets ?? {})) for (const socket of list ?? []) socket.destroy();
}

/** How many pools are kept (for tests). */
export const agentCount = () => agents.size;
