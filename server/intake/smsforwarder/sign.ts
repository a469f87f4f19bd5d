/**
 * SmsForwarder's webhook signature: Base64(HMAC-SHA256(key = secret, timestamp + "\n" + secret)),
 * URL-encoded by the app, and encoded once more when it travels in a form or a query string.
 */
import crypto from 'node:crypto';

/** The signature the app computes for a timestamp (before its URL-encoding). */
export function smsForwarderSign(timestamp: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}

/** Undoes the app's URL-encoding and the form's (however many were applied). */
function decodeSign(raw: string): string | null {
  let s = raw.trim();
  for (let i = 0; i < 4 && s.includes('%'); i++) {
    try {
      s = decodeURIComponent(s);
    } catch {
      return null;
    }
  }
  // A "+" that some hop turned into a space is still the Base64 "+".
  return s.replace(/ /g, '+');
}

export function verifySign(timestamp: string, rawSign: string, secret: string): boolean {
  const given = decodeSign(rawSign);
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(smsForwarderSign(timestamp, secret));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
