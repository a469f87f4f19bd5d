import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the product for a request to a host it serves as a site of its own (not PUBLIC_URL's):
     * the addresses given out on that request (links, the protocol's address) point back to that host.
     */
    ownSite?: boolean;
  }
}

/**
 * The address customers reach the service at: PUBLIC_URL when set, else the origin the request came
 * to. A request to a site of its own (`ownSite`) keeps its host, with PUBLIC_URL's scheme when set
 * (the proxy in front ends TLS for every host alike).
 */
export function publicBase(ctx: Ctx, request: FastifyRequest): string {
  const main = ctx.settings.publicUrl;
  if (request.ownSite) return `${main ? new URL(main).protocol.slice(0, -1) : request.protocol}://${request.host}`;
  return main ?? `${request.protocol}://${request.host}`;
}

/** The host name PUBLIC_URL names (lower case), or null without one. */
export function publicHostname(ctx: Ctx): string | null {
  const main = ctx.settings.publicUrl;
  return main ? new URL(main).hostname.toLowerCase() : null;
}
