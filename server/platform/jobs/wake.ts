import type { Database } from '../db/connection.js';

/**
 * Waking a job when something it takes has just been queued, so a round starts within milliseconds
 * instead of at the job's next timed round. Each app on a database starts its wake (`start`), and
 * whoever queued the work wakes them all (`wake`): an app whose process does not hold the job's lease
 * wakes to no effect, and the holder's next round takes the work.
 */
export class JobWake {
  /** Each app's wake, by its database (the work was queued in this process). */
  private readonly wakes = new WeakMap<Database, Set<() => void>>();

  /** `gapMs`: the least time between two rounds a wake starts (each round may write the job's lease). */
  constructor(private readonly gapMs: number) {}

  /** Starts a round in every app on the database (again after the current one, if one is running). */
  wake(database: Database): void {
    for (const wake of this.wakes.get(database) ?? []) wake();
  }

  /**
   * An app's wake on its database; `round` runs one round of the job now (the app's `jobs.runNow`).
   * Under a stream of wakes, rounds start at most every gapMs, each taking all that came meanwhile.
   * The function returned stops it (the app closing).
   */
  start(database: Database, round: () => Promise<unknown>): () => void {
    let closed = false;
    let running = false;
    let again = false;
    const wake = () => {
      if (closed) return;
      again = true;
      if (running) return;
      running = true;
      void (async () => {
        while (again && !closed) {
          again = false;
          const started = Date.now();
          await round().catch(() => false);
          const rest = this.gapMs - (Date.now() - started);
          if (again && rest > 0) await new Promise((r) => setTimeout(r, rest));
        }
        running = false;
      })();
    };
    const set = this.wakes.get(database) ?? new Set();
    this.wakes.set(database, set);
    set.add(wake);
    return () => {
      closed = true;
      set.delete(wake);
    };
  }
}
