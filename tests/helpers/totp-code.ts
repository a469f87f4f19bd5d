/**
 * What an authenticator app shows for a secret at a time, written here from RFC 6238 without the
 * server's code: the tests type codes as a user would.
 */
import crypto from 'node:crypto';

function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code of a base32 secret at `ms` (30 s steps, HMAC-SHA-1). */
export function codeAt(secret: string, ms: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = crypto.createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const o = mac[19] & 0xf;
  const n = (mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}
