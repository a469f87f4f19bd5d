/** Background jobs run in one process at a time: leases on SQLite and PostgreSQL, across connections. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Ctx } from '../../../server/platform/context.js';
import { connect, type Database } from '../../../server/platform/db/connection.js';
import { acquireLease, releaseLease } from '../../../server/platform/jobs/lease.js';
import { startJobs, type Job } from '../../../server/platform/jobs/runner.js';
import { dbKinds, startServer, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('job leases on %s', (kind) => {
  let s: TestServer;
  let other: Database;

  beforeAll(async () => {
    s = await startServer(kind);
    other =
      kind === 'postgres'
        ? await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema: await schemaOf(s) })
        : await connect({ dataDir: s.database.sqlite!.name.replace(/\/app\.db$/, '') });
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  const logged: unknown[] = [];
  const log = {
    error: (...args: unknown[]) => logged.push(args),
    warn() {},
    info() {},
    debug() {},
    trace() {},
    fatal() {},
    child: () => log,
  } as unknown as Ctx['log'];
  const ctxOf = (database: Database): Ctx => ({ database, db: database.db, settings: s.settings, now: s.clock.now, log });

  it('one owner at a time; the holder renews; an expired lease passes to another; release frees it', async () => {
    const t0 = 1_800_000_000_000;
    expect(await acquireLease(s.database.db, 'demo', 'a', t0, 30_000)).toBe(true);
    expect(await acquireLease(other.db, 'demo', 'b', t0 + 1000, 30_000)).toBe(false);
    expect(await acquireLease(s.database.db, 'demo', 'a', t0 + 20_000, 30_000)).toBe(true);
    expect(await acquireLease(other.db, 'demo', 'b', t0 + 40_000, 30_000)).toBe(false);
    expect(await acquireLease(other.db, 'demo', 'b', t0 + 50_000, 30_000)).toBe(true);
    expect(await acquireLease(s.database.db, 'demo', 'a', t0 + 51_000, 30_000)).toBe(false);
    await releaseLease(other.db, 'demo', 'b');
    expect(await acquireLease(s.database.db, 'demo', 'a', t0 + 52_000, 30_000)).toBe(true);
  });

  it('two processes asking at once: exactly one runs the round', async () => {
    let runs = 0;
    const job: Job = {
      name: 'count',
      everyMs: 5000,
      run: async () => {
        runs += 1;
      },
    };
    const a = startJobs(ctxOf(s.database), [job], { timers: false });
    const b = startJobs(ctxOf(other), [job], { timers: false });
    const results = await Promise.all([a.runNow('count'), b.runNow('count'), a.runNow('count'), b.runNow('count')]);
    expect(runs).toBeGreaterThanOrEqual(1);
    // Whoever won keeps the lease: the other never ran.
    const winners = new Set([results[0] || results[2] ? 'a' : null, results[1] || results[3] ? 'b' : null].filter(Boolean));
    expect(winners.size).toBe(1);
    await a.stop();
    await b.stop();
    // Stopping released the lease: the loser can take over at once.
    const c = startJobs(ctxOf(other), [job], { timers: false });
    expect(await c.runNow('count')).toBe(true);
    await c.stop();
  });

  it('a job sleeping out a long interval runs soon once rescheduled, and goes back to sleep', async () => {
    let busy = false;
    let runs = 0;
    const job: Job = {
      name: 'sleepy',
      everyMs: () => (busy ? 50 : 3_600_000),
      run: async () => {
        runs += 1;
      },
    };
    const r = startJobs(ctxOf(s.database), [job], { timers: true });
    await new Promise((done) => setTimeout(done, 200));
    expect(runs).toBe(0);
    busy = true;
    r.reschedule('sleepy');
    r.reschedule('sleepy');
    await expect.poll(() => runs, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    busy = false;
    r.reschedule('sleepy');
    // A round may be under way as it is rescheduled; after that, none for the hour.
    await new Promise((done) => setTimeout(done, 300));
    const settled = runs;
    await new Promise((done) => setTimeout(done, 500));
    expect(runs).toBe(settled);
    expect(() => r.reschedule('nobody')).toThrow('unknown job');
    await r.stop();
  });

  it('a failing round is logged and does not stop the job', async () => {
    let calls = 0;
    const job: Job = {
      name: 'flaky',
      everyMs: 5000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
    };
    const r = startJobs(ctxOf(s.database), [job], { timers: false });
    expect(await r.runNow('flaky')).toBe(false);
    expect(JSON.stringify(logged.at(-1))).toContain('flaky');
    expect(await r.runNow('flaky')).toBe(true);
    expect(calls).toBe(2);
    await r.stop();
  });
});

async function schemaOf(s: TestServer): Promise<string> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(s.database.db);
  return rows[0].s;
}
