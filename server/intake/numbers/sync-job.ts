import { sql } from 'kysely';
import type { Job } from '../../platform/jobs/runner.js';
import { CHECK_VALID_MS } from './check-codes.js';
import { syncRecords } from './records.js';

/**
 * Every minute: a record for each phone number stock has gained (with its device), records following
 * their stock to the device a stock import bound them to, typed slot numbers adopted, and check
 * codes past their day given up (the number reads as before the check).
 */
export const numbersSyncJob: Job = {
  name: 'device-numbers-sync',
  everyMs: 60_000,
  async run(ctx) {
    const now = ctx.now();
    await syncRecords(ctx.db, now);
    await ctx.db
      .updateTable('device_numbers')
      .set({
        check_code: null,
        state: sql<'unconfirmed' | 'confirmed'>`case when confirmed_at is null then 'unconfirmed' else 'confirmed' end`,
        update_at: now,
      })
      .where('check_code', 'is not', null)
      .where('check_at', '<=', now - CHECK_VALID_MS)
      .execute();
  },
};
