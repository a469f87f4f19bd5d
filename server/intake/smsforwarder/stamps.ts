/**
 * A signature covers the timestamp only, so a (device, timestamp) pair seen once could carry any text
 * for as long as the timestamp is within the allowed skew. Each pair is kept with the fingerprint of
 * the one message it carried: the same pair again with the same message is a retry (deduplicated
 * further on), with another message a replay, refused. Rows outlive the skew by a minute, then go.
 */
import crypto from 'node:crypto';
import type { Ctx } from '../../platform/context.js';
import type { Job } from '../../platform/jobs/runner.js';
import { statement, value, writeTransaction, type TransactionBody } from '../../platform/db/fast-write.js';

/** What a pair's message is: every field the request carried that the route uses. */
export function pairFingerprint(m: {
  sender: string;
  recipient: string | null;
  text: string;
  slot: number | null;
  deviceMark: string | null;
}): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([m.sender, m.recipient, m.text, m.slot, m.deviceMark]))
    .digest('hex');
}

const claim = statement((db) =>
  db
    .insertInto('webhook_stamps')
    .values({ device_id: value('device_id'), stamp: value('stamp'), fingerprint: value('fingerprint') })
    .onConflict((oc) => oc.columns(['device_id', 'stamp']).doNothing())
    .returning('stamp'),
);
const held = statement((db) =>
  db.selectFrom('webhook_stamps').select('fingerprint').where('device_id', '=', value('device_id')).where('stamp', '=', value('stamp')),
);

/**
 * True when the pair is new or carried this very message before; false when it carried another.
 * A fast write: on SQLite, the claims of a burst share one commit.
 */
export function claimStamp(ctx: Ctx, deviceId: number, stamp: number, fingerprint: string): Promise<boolean> {
  return writeTransaction(ctx.database, function* (): TransactionBody<boolean> {
    const { changes } = yield [claim, { device_id: deviceId, stamp, fingerprint }];
    if (changes) return true;
    const {
      rows: [row],
    } = yield [held, { device_id: deviceId, stamp }];
    return !row || row.fingerprint === fingerprint;
  });
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
