import crypto from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = new Map([...ALPHABET].map((c, i) => [c, BigInt(i)]));

/** Base58 text to bytes (leading '1's are leading zero bytes), or null on a character outside the alphabet. */
export function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const c of text) {
    const d = DIGITS.get(c);
    if (d === undefined) return null;
    n = n * 58n + d;
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest();

/**
 * A TRON account address: base58check of 21 bytes (version 0x41, then 20) and a 4-byte checksum,
 * the first bytes of SHA-256 applied twice. A typo in one character fails the checksum.
 */
export function isTronAddress(text: unknown): boolean {
  if (typeof text !== 'string' || text.length !== 34 || !text.startsWith('T')) return false;
  const bytes = base58Decode(text);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  return sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(21));
}
