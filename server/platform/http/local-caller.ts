import crypto from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { bearer } from './auth.js';

/**
 * True for a request made on this machine itself: its connection comes from a loopback address
 * (the socket's, never a forwarded header's), and no proxy relayed it. A reverse proxy on this
 * machine connects from loopback too, on behalf of anyone: its request carries a forwarding
 * header, so it is not this machine's.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopback(request.raw.socket?.remoteAddress)) return false;
  const h = request.headers;
  return h['x-forwarded-for'] === undefined && h.forwarded === undefined && h['x-real-ip'] === undefined;
}

/** 127.0.0.0/8 and ::1, also as an IPv4-mapped IPv6 address (a dual-stack socket's). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return isIPv4(v4) && v4.startsWith('127.');
}

/** Whether the request's bearer token is `expected` (compared in constant time; no expected token: never). */
export function carriesToken(request: FastifyRequest, expected: string | undefined): boolean {
  const given = bearer(request);
  if (!expected || !given) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
