import crypto from 'node:crypto';
import type { Ctx } from '../context.js';
import { acquireLease, releaseLease } from './lease.js';
import { DISK_FULL, isDiskFull } from '../db/disk-full.js';

/**
 * A background job: `run` does one round of work and must leave nothing half-done if it stops
 * midway (each step its own transaction). `everyMs` may depend on the state (e.g. poll fast only
 * while something waits).
 */
export interface Job {
  name: string;
  everyMs: number | ((ctx: Ctx) => number | Promise<number>);
  run(ctx: Ctx): Promise<void>;
  /**
   * How long one round may hold the lease (ms); default max(30 s, 3 × everyMs). A job whose round can
   * outlast that (a long poll) says so, or another process could take the lease mid-round.
   */
  leaseMs?: number | ((ctx: Ctx) => number);
}

export interface JobRunner {
  /** Runs one round of a job now, under its lease (tests, and "check now" buttons). */
  runNow(name: string): Promise<boolean>;
  /**
   * Times a job's next round again from now: what its interval depends on has just changed (an order
   * now waits on a chain that was idle), so it need not sleep out the long interval it chose before.
   */
  reschedule(name: string): void;
  /** When each job last finished a round in this process (ms, the app's clock); a job not run here is absent. */
  lastRuns(): ReadonlyMap<string, number>;
  stop(): Promise<void>;
}

/** Longest a lease outlives its holder's last renewal: a dead process's jobs resume within this. */
const MIN_LEASE_MS = 30_000;
/** A lease this process renewed this recently (and holds a while longer) is not written again: a job woken many times a second would write it each time. */
const RENEW_GAP_MS = 1_000;

/**
 * Runs each job on its own timer in this process (unless `timers` is false: then only `runNow`), each
 * round only while this process holds the job's lease. Errors are logged and the job carries on at
 * its next round.
 */
export function startJobs(ctx: Ctx, jobs: Job[], opts: { timers: boolean } = { timers: true }): JobRunner {
  const owner = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<boolean>>();
  const finished = new Map<string, number>();
  const renewed = new Map<string, { at: number; until: number }>();
  let stopped = false;

  const interval = async (job: Job) => (typeof job.everyMs === 'number' ? job.everyMs : job.everyMs(ctx));
  const leaseOf = (job: Job, every: number) => {
    const own = typeof job.leaseMs === 'function' ? job.leaseMs(ctx) : job.leaseMs;
    return own ?? Math.max(MIN_LEASE_MS, every * 3);
  };

  async function round(job: Job): Promise<boolean> {
    const busy = running.get(job.name);
    if (busy) return busy;
    const work = (async () => {
      const every = await interval(job);
      const now = ctx.now();
      const last = renewed.get(job.name);
      if (!last || now < last.at || now - last.at >= RENEW_GAP_MS || last.until - now <= RENEW_GAP_MS) {
        const ttl = leaseOf(job, every);
        if (!(await acquireLease(ctx.db, job.name, owner, now, ttl))) {
          renewed.delete(job.name);
          return false;
        }
        renewed.set(job.name, { at: now, until: now + ttl });
      }
      await job.run(ctx);
      finished.set(job.name, ctx.now());
      return true;
    })()
      .catch((err) => {
        // A full disk fails every job each round: one line saying so, not a stack each time.
        if (isDiskFull(err))
          ctx.log.error({ job: job.name, reason: (err as Error).message }, `background job failed: disk full (${DISK_FULL})`);
        else ctx.log.error({ err, job: job.name }, 'background job failed');
        return false;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, work);
    return work;
  }

  // Each schedule of a job has its own number: a timer left over from an earlier one (a reschedule
  // while a round ran) neither runs nor schedules again, so a job never has two timers.
  const generation = new Map<string, number>();
  function schedule(job: Job) {
    const mine = (generation.get(job.name) ?? 0) + 1;
    generation.set(job.name, mine);
    clearTimeout(timers.get(job.name));
    void (async () => {
      const every = await interval(job).catch(() => MIN_LEASE_MS);
      if (stopped || generation.get(job.name) !== mine) return;
      timers.set(
        job.name,
        setTimeout(async () => {
          if (generation.get(job.name) !== mine) return;
          await round(job);
          if (!stopped && generation.get(job.name) === mine) schedule(job);
        }, every),
      );
    })();
  }

  if (opts.timers) for (const job of jobs) schedule(job);

  return {
    async runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`unknown job ${name}`);
      return round(job);
    },
    reschedule(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`unknown job ${name}`);
      if (opts.timers && !stopped) schedule(job);
    },
    lastRuns: () => finished,
    async stop() {
      stopped = true;
      renewed.clear();
      for (const t of timers.values()) clearTimeout(t);
      await Promise.all(running.values());
      await Promise.all(jobs.map((j) => releaseLease(ctx.db, j.name, owner).catch(() => undefined)));
    },
  };
}
