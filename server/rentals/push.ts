import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { statement, value } from '../platform/db/fast-write.js';
import { formatTime } from '../platform/lib/time.js';
import { resolveTarget, postWebhook } from '../webhooks/index.js';
import { rentPusherOf, type DuePush } from './push-room.js';

/** How long one POST may take: a slow receiver delays only its own SMS. */
const TIMEOUT_MS = 5_000;
/** The waits before each retry; after the last one fails the SMS is not pushed again. */
const RETRY_AFTER_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000];

/**
 * Queues one SMS of a rental for its url, inside the delivery's own transaction (codes/deliver.ts):
 * nothing is sent there, so a slow or dead receiver never holds up intake.
 */
export const queueRentPush = statement((db) =>
  db.insertInto('rent_pushes').values({
    token_id: value('token_id'),
    message_id: value('message_id'),
    url: value('url'),
    state: 'pending',
    attempts: 0,
    next_at: value('now'),
    last_error: null,
    create_at: value('now'),
  }),
);

/** The rent webhook's body, as the protocol has it. */
export function rentPushBody(rentId: number, sms: { sender: string | null; text: string; received_at: number }, tz: string): string {
  return JSON.stringify({
    rentId: String(rentId),
    sms: { phoneFrom: sms.sender ?? '', text: sms.text, date: formatTime(Number(sms.received_at), tz) },
  });
}

/**
 * Sends the queued SMS of rentals to their urls: a POST of JSON, a 2xx is done; otherwise retried
 * after a growing wait, a few times. A round starts what is due and has room (push-room.ts: a few
 * per customer and per origin) and does not wait for the POSTs: a receiver that never answers holds
 * only its own room. Each push's outcome is its own write, so a stop midway leaves the rest queued.
 */
export const rentPushJob: Job = {
  name: 'rent-push',
  everyMs: 3_000,
  run: (ctx) => rentPusherOf(ctx.database, push).fill(ctx),
};

/** Waits for the pushes in flight (each bounded by its timeout), so their outcomes are written before the database closes. */
export const settleRentPushes = (ctx: Ctx): Promise<void> => rentPusherOf(ctx.database, push).settled();

type Due = DuePush;

/**
 * One POST, to the address that was just resolved and checked (a name pointing inside since the
 * rental began is caught, and the connection goes where the check said). A failure of any kind, the
 * name not resolving included, is retried on the schedule.
 */
async function push(ctx: Ctx, p: Due): Promise<void> {
  const url = new URL(p.url);
  // Loopback, private and link-local targets only where the operator allows them (as for customer webhooks).
  const resolved = await resolveTarget(url, ctx.settings.webhookAllowPrivate, TIMEOUT_MS);
  const error = resolved.ok
    ? (await postWebhook(url, resolved.target, rentPushBody(Number(p.token_id), p, ctx.settings.timeZone), {}, TIMEOUT_MS)).error
    : resolved.error;
  const attempts = Number(p.attempts) + 1;
  const wait = RETRY_AFTER_MS[attempts - 1];
  const state = error === null ? 'sent' : wait === undefined ? 'failed' : 'pending';
  await ctx.db
    .updateTable('rent_pushes')
    .set({ state, attempts, last_error: error?.slice(0, 255) ?? null, next_at: ctx.now() + (wait ?? 0) })
    .where('id', '=', Number(p.id))
    .where('state', '=', 'pending')
    .execute();
}
