import crypto from 'node:crypto';

/** 256 random bits, URL-safe. The token itself is never stored, only its hash. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
