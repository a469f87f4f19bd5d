import { Resolver } from 'node:dns/promises';
import net from 'node:net';

/**
 * Where an outbound request whose address someone typed in may go: http or https to a public
 * address. A name is resolved and every address it gives is checked, and the request then connects
 * to the address that was checked (outbound.ts): a name that later points inside (DNS rebinding) is
 * caught, and the check and the connection cannot see two different answers.
 * Names are asked of the DNS servers directly (c-ares, cancelled at the time limit), never through
 * getaddrinfo: that runs on libuv's 4 threads, which password hashing shares, and a slow DNS server
 * would hold them past any timeout. /etc/hosts is therefore not read; `localhost` and `*.localhost`
 * are loopback (RFC 6761).
 *
 * Messages are in Chinese for whoever typed the address; `noun` is what the caller calls it
 * (for example 回调地址).
 */

const NOUN = '目标地址';

/**
 * Never a target, whatever the settings: link-local (where the clouds' metadata services are) and
 * Alibaba's metadata address, multicast, "this network", reserved; in IPv6 the unspecified address,
 * multicast, the deprecated site-local, discard-only, and the forms that carry an IPv4 address this
 * check cannot follow (IPv4-compatible, SIIT translated, 6to4, Teredo, local-use NAT64).
 */
const always = new net.BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4');
always.addAddress('100.100.100.200', 'ipv4');
always.addAddress('fd00:ec2::254', 'ipv6');
always.addSubnet('0.0.0.0', 8, 'ipv4');
always.addSubnet('224.0.0.0', 4, 'ipv4');
always.addSubnet('240.0.0.0', 4, 'ipv4');
always.addAddress('::', 'ipv6');
always.addSubnet('ff00::', 8, 'ipv6');
always.addSubnet('fec0::', 10, 'ipv6');
always.addSubnet('100::', 64, 'ipv6');
always.addSubnet('::', 96, 'ipv6');
always.addSubnet('::ffff:0:0:0', 96, 'ipv6');
always.addSubnet('64:ff9b:1::', 48, 'ipv6');
always.addSubnet('2002::', 16, 'ipv6');
always.addSubnet('2001::', 32, 'ipv6');

/** Inside networks: loopback, private, shared (carrier NAT), benchmarking, unique-local, IPv6 link-local. Allowed when the caller allows private addresses. */
const inside = new net.BlockList();
inside.addSubnet('127.0.0.0', 8, 'ipv4');
inside.addSubnet('10.0.0.0', 8, 'ipv4');
inside.addSubnet('172.16.0.0', 12, 'ipv4');
inside.addSubnet('192.168.0.0', 16, 'ipv4');
inside.addSubnet('100.64.0.0', 10, 'ipv4');
inside.addSubnet('192.0.0.0', 24, 'ipv4');
inside.addSubnet('198.18.0.0', 15, 'ipv4');
inside.addAddress('::1', 'ipv6');
inside.addSubnet('fc00::', 7, 'ipv6');
inside.addSubnet('fe80::', 10, 'ipv6');

export interface Target {
  address: string;
  family: 4 | 6;
}

export type Resolved = { ok: true; target: Target } | { ok: false; error: string; unresolved?: true };

/**
 * An IPv6 address that carries an IPv4 one reached through it (mapped `::ffff:a.b.c.d`, well-known
 * NAT64 `64:ff9b::/96`, in any spelling): that IPv4 address is what is checked.
 */
function embeddedV4(address: string): string | null {
  const words = ipv6Words(address);
  if (!words) return null;
  const prefix = words.slice(0, 6).join(':');
  if (prefix !== '0:0:0:0:0:65535' && prefix !== '100:65435:0:0:0:0') return null;
  return [words[6] >> 8, words[6] & 255, words[7] >> 8, words[7] & 255].join('.');
}

/** The 8 16-bit words of an IPv6 address (with a dotted IPv4 tail or `::`), or null. */
function ipv6Words(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (p: string) => (p ? p.split(':').map((w) => parseInt(w, 16)) : []);
  const h = part(head);
  const t = tail === null ? [] : part(tail);
  const words = tail === null ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return words.length === 8 ? words : null;
}

/** Why an address may not be a target, or null when it may. */
export function refusedAddress(address: string, allowPrivate: boolean, noun = NOUN): string | null {
  const v4 = net.isIPv4(address) ? address : embeddedV4(address);
  const [a, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  // ::1 is in ::/96 (IPv4-compatible) but is loopback: an inside address, not a reserved one.
  if (!(type === 'ipv6' && ipv6Words(a)?.join(':') === '0:0:0:0:0:0:0:1') && always.check(a, type))
    return `${noun}指向保留或组播地址（${address}），不允许`;
  if (!allowPrivate && inside.check(a, type)) return `${noun}指向内网、本机或链路本地地址（${address}），不允许`;
  return null;
}

/** What is wrong with a URL's form (scheme, credentials, length), or null; the address is checked by `resolveTarget`. */
export function badUrl(raw: string, noun = NOUN): string | null {
  if (raw.length > 1000) return `${noun}最多 1000 个字符`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${noun}不是有效的网址`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${noun}只能是 http:// 或 https:// 开头`;
  if (url.username || url.password) return `${noun}不能包含用户名或密码`;
  if (!url.hostname) return `${noun}缺少主机名`;
  return null;
}

/**
 * What is wrong with a URL as it is saved, or null: its form (`badUrl`), and a host that is an IP
 * address in a refused range, refused at once with the words the request would give. A name is
 * checked when the request is made: what it resolves to may change.
 */
export function refusedUrl(raw: string, allowPrivate: boolean, noun = NOUN): string | null {
  const bad = badUrl(raw, noun);
  if (bad) return bad;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? refusedAddress(host, allowPrivate, noun) : null;
}

/** The host of a URL resolved and checked: the address to connect to, or why not (`unresolved`: the name gave no address). */
export async function resolveTarget(url: URL, allowPrivate: boolean, timeoutMs: number, noun = NOUN): Promise<Resolved> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Target[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolveName(host, timeoutMs);
    } catch {
      addresses = [];
    }
  }
  if (!addresses.length) return { ok: false, error: `${noun}的域名无法解析（${host}）`, unresolved: true };
  // Every address the name gives must be allowed: the connection could go to any of them.
  for (const a of addresses) {
    const why = refusedAddress(a.address, allowPrivate, noun);
    if (why) return { ok: false, error: why };
  }
  return { ok: true, target: addresses[0] };
}

/** The DNS servers asked (host or host:port); null: the system's (/etc/resolv.conf). Tests point it at their own. */
let dnsServers: string[] | null = null;
export function useDnsServers(servers: string[] | null): void {
  dnsServers = servers;
  answers.clear();
}

/** Answers kept a little while: a burst of requests to one name asks once. */
const CACHE_MS = 10_000;
const CACHE_MAX = 1000;
const answers = new Map<string, { addresses: Target[]; until: number }>();

/** A name's IPv4 and IPv6 addresses, asked of the DNS servers at once, both given up at `timeoutMs`. */
async function resolveName(host: string, timeoutMs: number): Promise<Target[]> {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost'))
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  const now = Date.now();
  const kept = answers.get(name);
  if (kept && kept.until > now) return kept.addresses;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (dnsServers) resolver.setServers(dnsServers);
  const timer = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    const addresses: Target[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (addresses.length) {
      if (answers.size >= CACHE_MAX) answers.clear();
      answers.set(name, { addresses, until: now + CACHE_MS });
    }
    return addresses;
  } finally {
    clearTimeout(timer);
  }
}
