/**
 * A signature covers the timestamp only, so a (device, timestamp) pair seen once could carry any text
 * for as long as the timestamp is within the allowed skew. Each pair is kept with the fingerprint of
 * the one message it carried: the same pair again with the same message is a retry (deduplicated
 * further on), with another message a replay, refused. Rows outlive the skew by a minute, then go.
 */
import crypto from 'node:crypto';
import type { Ctx } from '../../platform/context.js';
import type { Job } from '../../platform/jobs/runner.js';

/** What a pair's message is: every field the request carried that the route uses. */
export function pairFingerprint(m: { sender: string; recipient: string | null; text: string; slot: number | null; deviceMark: string | null }): string {
  return crypto.createHash('sha256').update(JSON.stringify([m.sender, m.recipient, m.text, m.slot, m.deviceMark])).digest('hex');
}

/** True when the pair is new or carried this very message before; false when it carried another. */
export async function claimStamp(ctx: Ctx, deviceId: number, stamp: number, fingerprint: string): Promise<boolean> {
  const inserted = await ctx.db.insertInto('webhook_stamps').values({ device_id: deviceId, stamp, fingerprint })
    .onConflict((oc) => oc.columns(['device_id', 'stamp']).doNothing()).returning('stamp').executeTakeFirst();
  if (inserted) return true;
  const held = await ctx.db.selectFrom('webhook_stamps').select('fingerprint')
    .where('device_id', '=', deviceId).where('stamp', '=', stamp).executeTakeFirst();
  return !held || held.fingerprint === fingerprint;
}

/** Pairs whose timestamp no request can carry any more (beyond the skew): they are forgotten. */
export const stampSweepJob: Job = {
  name: 'webhook-stamp-sweep',
  everyMs: 60_000,
  async run(ctx) {
    const before = ctx.now() - ctx.settings.webhookMaxSkewMs - 60_000;
    await ctx.db.deleteFrom('webhook_stamps').where('stamp', '<', before).execute();
  },
};
