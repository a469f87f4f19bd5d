import crypto from 'node:crypto';

/**
 * TOTP as RFC 6238 defines it and authenticator apps read it: HMAC-SHA-1, 30-second steps from the
 * Unix epoch, 6 digits (RFC 4226's dynamic truncation). Pure functions; storing and spending codes
 * is totp-store.ts.
 */
export const STEP_MS = 30_000;
export const DIGITS = 6;
/** Steps either side of now a code may come from: a phone's clock a little off still works. */
export const DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226's HOTP of a counter, as `digits` decimal digits (leading zeros kept). */
export function hotp(key: Buffer, counter: number, digits = DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/** The code of a base32 secret at a time. */
export function totpAt(secret: string, ms: number): string {
  return hotp(base32Decode(secret), stepAt(ms));
}

/** The step (within the drift either side of now) whose code this is, or null. Compared in constant time. */
export function matchStep(secret: string, code: string, ms: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = stepAt(ms);
  let found: number | null = null;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (crypto.timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export function newSecret(): string {
  return base32Encode(crypto.randomBytes(20));
}

/** What a QR code carries for authenticator apps (Google's Key URI format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_MS / 1000) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** A TOTP code as typed: spaces dropped ("123 456"). */
export function isTotpCode(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s/g, ''));
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODES = 10;

/** One recovery code, `xxxxx-xxxxx` (no 0/o, 1/l/i to misread); about 49 bits. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code however typed (case, spaces, the hyphen), as it is hashed. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * A recovery code as stored: HMAC-SHA-256 keyed with the account's TOTP secret (itself kept sealed), so
 * a copied database alone cannot test guesses against the hashes.
 */
export function hashRecoveryCode(code: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(normalizeRecoveryCode(code)).digest('hex');
}
