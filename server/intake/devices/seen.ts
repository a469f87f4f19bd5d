import type { Database } from '../../platform/db/connection.js';

/** What a message showed of the phone's clocks: its absolute skew, and a newly learned zone offset. */
export interface ClockReading {
  skewMs: number;
  offsetMs?: number;
}

/**
 * A device's last-seen time, message count and clock readings, kept in memory and written at most once a second
 * per process (one statement per device). Written with every SMS they would put one device row
 * into every webhook's transaction: a lock each waits for (PostgreSQL) and pages written with each
 * commit (SQLite). Device lists add what is not written yet (`pendingFor`); a process that stops
 * writes what it holds (`flush` on close); a crash loses at most a second of counting.
 */
export class DeviceSeen {
  private pending = new Map<number, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database) {}

  /** A request from the device at `now`; `stored`: it stored a message; `clock`: what it showed of the phone's clocks. */
  note(deviceId: number, now: number, stored: boolean, clock?: ClockReading): void {
    let p = this.pending.get(deviceId);
    if (p) {
      p.seenAt = Math.max(p.seenAt, now);
      if (stored) p.stored += 1;
    } else {
      this.pending.set(deviceId, (p = { seenAt: now, stored: stored ? 1 : 0 }));
    }
    if (clock) {
      p.skewMs = clock.skewMs;
      if (clock.offsetMs !== undefined) p.offsetMs = clock.offsetMs;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), 1000);
      this.timer.unref();
    }
  }

  /** What this process counted for the device and has not written yet. */
  pendingFor(deviceId: number): Pending | undefined {
    return this.pending.get(deviceId);
  }

  /** Writes what is held: one update per device. Counted until written, so lists never miss it. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      for (const [id, p] of [...this.pending]) {
        const written = { ...p };
        try {
          await this.database.db
            .updateTable('devices')
            .set((eb) => ({
              last_seen_at: written.seenAt,
              message_count: eb('message_count', '+', written.stored),
              ...(written.skewMs === undefined ? {} : { clock_skew_ms: written.skewMs }),
              ...(written.offsetMs === undefined ? {} : { clock_offset_ms: written.offsetMs }),
            }))
            .where('id', '=', id)
            .execute();
        } catch {
          // The database closed under us (the process is stopping): a second of counting is lost.
        }
        // What came in while it was written stays for the next time.
        p.stored -= written.stored;
        if (p.offsetMs === written.offsetMs) delete p.offsetMs;
        if (p.skewMs === written.skewMs) delete p.skewMs;
        if (!p.stored && p.seenAt === written.seenAt && p.offsetMs === undefined && p.skewMs === undefined && this.pending.get(id) === p)
          this.pending.delete(id);
      }
    });
    return this.writing;
  }
}

interface Pending {
  seenAt: number;
  stored: number;
  skewMs?: number;
  offsetMs?: number;
}

const all = new WeakMap<Database, DeviceSeen>();

export function deviceSeen(database: Database): DeviceSeen {
  let seen = all.get(database);
  if (!seen) all.set(database, (seen = new DeviceSeen(database)));
  return seen;
}
