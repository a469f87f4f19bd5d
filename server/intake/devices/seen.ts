import type { Database } from '../../platform/db/connection.js';

/**
 * A device's last-seen time and message count, kept in memory and written at most once a second
 * per process (one statement per device). Written with every SMS they would put one device row
 * into every webhook's transaction: a lock each waits for (PostgreSQL) and pages written with each
 * commit (SQLite). Device lists add what is not written yet (`pendingFor`); a process that stops
 * writes what it holds (`flush` on close); a crash loses at most a second of counting.
 */
export class DeviceSeen {
  private pending = new Map<number, { seenAt: number; stored: number }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database) {}

  /** A request from the device at `now`; `stored`: it stored a message. */
  note(deviceId: number, now: number, stored: boolean): void {
    const p = this.pending.get(deviceId);
    if (p) {
      p.seenAt = Math.max(p.seenAt, now);
      if (stored) p.stored += 1;
    } else {
      this.pending.set(deviceId, { seenAt: now, stored: stored ? 1 : 0 });
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), 1000);
      this.timer.unref();
    }
  }

  /** What this process counted for the device and has not written yet. */
  pendingFor(deviceId: number): { seenAt: number; stored: number } | undefined {
    return this.pending.get(deviceId);
  }

  /** Writes what is held: one update per device. Counted until written, so lists never miss it. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      for (const [id, p] of [...this.pending]) {
        const written = { seenAt: p.seenAt, stored: p.stored };
        try {
          await this.database.db.updateTable('devices')
            .set((eb) => ({ last_seen_at: written.seenAt, message_count: eb('message_count', '+', written.stored) }))
            .where('id', '=', id).execute();
        } catch {
          // The database closed under us (the process is stopping): a second of counting is lost.
        }
        // What came in while it was written stays for the next time.
        p.stored -= written.stored;
        if (!p.stored && p.seenAt === written.seenAt && this.pending.get(id) === p) this.pending.delete(id);
      }
    });
    return this.writing;
  }
}

const all = new WeakMap<Database, DeviceSeen>();

export function deviceSeen(database: Database): DeviceSeen {
  let seen = all.get(database);
  if (!seen) all.set(database, (seen = new DeviceSeen(database)));
  return seen;
}
