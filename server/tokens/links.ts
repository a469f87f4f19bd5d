import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import type { ResourceHooks } from '../resources/hooks.js';
import { LIVE } from './states.js';

/** 192 random bits, URL-safe: the link is the only key to its codes. */
export function newLinkToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Where links point: PUBLIC_URL when set, else the origin the request came to. */
export function linkBase(ctx: Ctx, request: FastifyRequest): string {
  return ctx.settings.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function linksOf(base: string, token: string) {
  return { url: `${base}/c/${token}`, api_url: `${base}/api/code/${token}` };
}

/** What a link shows of itself at a moment: an unswept link past its expiry is expired already. */
export function effectiveState(state: string, expiresAt: number, now: number): string {
  return (LIVE as readonly string[]).includes(state) && expiresAt <= now ? 'expired' : state;
}

export function receivesLeft(receiveLimit: number, received: number): number | null {
  return receiveLimit > 0 ? Math.max(0, receiveLimit - received) : null;
}

/** The links' computed fields in every list and detail answer. */
export const tokenHooks: ResourceHooks = {
  present(rows, raw, { ctx, request }) {
    const base = linkBase(ctx, request);
    const now = ctx.now();
    rows.forEach((row, i) => {
      const r = raw[i];
      Object.assign(row, linksOf(base, String(r.token)));
      row.state = effectiveState(String(r.state), Number(r.expires_at), now);
      row.receives_left = receivesLeft(Number(r.receive_limit), Number(r.received));
    });
  },
};
