import { sql } from 'kysely';
import type { Database } from '../../platform/db/connection.js';

const DAY_MS = 86_400_000;

/**
 * Each number's last received SMS, kept in memory and written at most once a second per process, in
 * one transaction (as the devices' last-seen times are: server/intake/devices/seen.ts): written with
 * every SMS it would put a record's row into every webhook's transaction. With `keep_days` set, the
 * SMS also moves the SIM's expiry to at least its time + keep_days. A crash loses a second of it.
 */
export class NumberHeard {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly clock: () => number,
  ) {}

  /** An SMS to the number `key` (its digits) received at `at`. */
  note(key: string, at: number): void {
    if (!key || key.includes('@')) return;
    this.pending.set(key, Math.max(at, this.pending.get(key) ?? 0));
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), 1000);
      this.timer.unref();
    }
  }

  /** When this process heard the number last and has not written it yet. */
  pendingFor(key: string): number | undefined {
    return this.pending.get(key);
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      const batch = [...this.pending];
      if (!batch.length) return;
      const now = this.clock();
      try {
        await this.database.db.transaction().execute(async (trx) => {
          for (const [key, at] of batch) {
            const renewed = sql<number>`${at} + keep_days * cast(${DAY_MS} as bigint)`;
            await trx
              .updateTable('device_numbers')
              .set({
                last_sms_at: at,
                expire_at: sql<number | null>`case when keep_days is null then expire_at
                  when expire_at is null or expire_at < ${renewed} then ${renewed} else expire_at end`,
                update_at: now,
              })
              .where('ident_key', '=', key)
              .where((eb) => eb.or([eb('last_sms_at', 'is', null), eb('last_sms_at', '<', at)]))
              .execute();
          }
        });
      } catch {
        // The database closed under us (the process is stopping): a second of it is lost.
      }
      for (const [key, at] of batch) if (this.pending.get(key) === at) this.pending.delete(key);
    });
    return this.writing;
  }
}

const all = new WeakMap<Database, NumberHeard>();

export function numberHeard(database: Database, clock: () => number): NumberHeard {
  let heard = all.get(database);
  if (!heard) all.set(database, (heard = new NumberHeard(database, clock)));
  return heard;
}
