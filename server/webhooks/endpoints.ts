import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/tables.js';
import type { Settings } from '../platform/settings.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { formatTime } from '../platform/lib/time.js';
import { hintOf, maskedSecret, newSecret } from './sign.js';

/** A customer's endpoint, or undefined before they set one. */
export function endpointOf(db: Kysely<DB>, userId: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export type Endpoint = NonNullable<Awaited<ReturnType<typeof endpointOf>>>;

/** The secret in the clear, to sign with (sealed at rest like providers' keys). */
export function openSecret(settings: Settings, sealed: string): string {
  return secretBox(settings).open(sealed);
}

/** A new secret: sealed for the row, and in the clear to answer once. */
export function makeSecret(settings: Settings) {
  const secret = newSecret();
  return { secret, sealed: secretBox(settings).seal(secret), hint: hintOf(secret) };
}

/** `GET /api/webhook/config`'s answer (the secret never: its last characters only). */
export function configView(e: Endpoint | undefined, tz: string) {
  return {
    url: e?.url ?? '',
    enabled: Boolean(e && Number(e.enabled)),
    secret_hint: e ? maskedSecret(e.secret_hint) : null,
    last_status: e?.last_status ?? null,
    last_error: e?.last_error ?? null,
    last_at: formatTime(e?.last_at == null ? null : Number(e.last_at), tz),
    paused: Boolean(e?.paused_at != null),
    paused_at: formatTime(e?.paused_at == null ? null : Number(e.paused_at), tz),
  };
}
