import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts exactly that many proxies in front of
 * us (the address each one appended to X-Forwarded-For, read from the right), so whatever a client
 * writes at the left of the header is never taken; a list of the proxies' addresses or subnets is
 * passed on as it is. (Fastify's own `true` trusts every hop, and its numeric option trusts none.)
 */
export function trustProxyOption(setting: number | string): false | string | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'string') return setting;
  if (setting <= 0) return false;
  return (_address, hop) => hop < setting;
}

/**
 * The caller's address as stored (login_ip, sessions) and used for per-address limits: always a
 * valid IP address. A forwarded value that is not one (a misbehaving or bypassed proxy) is not
 * believed: the address of the connection is used instead.
 */
export function clientIp(request: FastifyRequest): string {
  return validIp(request.ip) ?? validIp(request.socket.remoteAddress) ?? '0.0.0.0';
}

function validIp(value: string | undefined): string | null {
  if (!value) return null;
  // An IPv6 zone names a network interface (of ours, for a link-local peer): kept out, but it must look like one.
  const [address, zone] = value.split('%', 2);
  if (!isIP(address) || (zone !== undefined && !/^[\w.-]{1,16}$/.test(zone))) return null;
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}
