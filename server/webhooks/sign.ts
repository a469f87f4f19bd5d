import crypto from 'node:crypto';

/**
 * A delivery's signature, as Stripe signs its events: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` with the endpoint's secret. The customer recomputes it over the body as received
 * and refuses an old `t` (a replay); README.md shows it in Node and Python.
 */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new secret: `whsec_` and 32 random bytes (base64url). */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/** The secret's last 4 characters, kept to tell it by. */
export const hintOf = (secret: string) => secret.slice(-4);
export const maskedSecret = (hint: string) => `whsec_…${hint}`;

/** An event's id, the same on every try of it (X-Webhook-Id), so the customer can drop duplicates. */
export const newEventId = () => `evt_${crypto.randomUUID().replaceAll('-', '')}`;
