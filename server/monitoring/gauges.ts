import { Gauge, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import type { JobRunner } from '../platform/jobs/runner.js';
import { codeSignal } from '../links/index.js';
import { appVersion } from '../platform/version.js';
import { usdtWatcherLagSeconds } from './usdt-lag.js';
import { dataDirFreeBytes, databaseSizeBytes } from './storage.js';

/**
 * This app's gauges, read when /metrics is asked (nothing on the hot paths): the running version,
 * open long polls, the database pool, when each job last ran here, the USDT watcher's lag, the disk
 * (free bytes of DATA_DIR, the database's size, whether writes fail for want of space).
 */
export function registerGauges(app: FastifyInstance, ctx: Ctx, registry: Registry): void {
  const registers = [registry];

  new Gauge({
    name: 'app_info',
    help: '运行中的代码版本（package.json 的 version），值恒为 1',
    labelNames: ['version'] as const,
    registers,
    collect() {
      this.set({ version: appVersion() }, 1);
    },
  });

  new Gauge({
    name: 'long_polls_open',
    help: '正在等待验证码的长轮询读取数（?wait=）',
    registers,
    collect() {
      this.set(codeSignal(ctx.database).waiting);
    },
  });

  new Gauge({
    name: 'db_pool_connections',
    help: '数据库连接池：total 已建立、idle 空闲、waiting 排队等待连接的查询（SQLite：一个连接）',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = ctx.database.pgPool;
      // SQLite's one connection is synchronous: whenever this runs, it is not in a query.
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 1);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });

  new Gauge({
    name: 'job_last_run_timestamp_seconds',
    help: '各后台任务在本进程最近一次成功运行完毕的时间（Unix 秒）；未在本进程运行的任务不出现',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      const runner = (app as FastifyInstance & { jobs?: JobRunner }).jobs;
      for (const [job, at] of runner?.lastRuns() ?? []) this.set({ job }, at / 1000);
    },
  });

  new Gauge({
    name: 'usdt_watcher_lag_seconds',
    help: 'USDT 监听延迟（秒）：被监听的收款地址中，距上次成功读取最久的一个；没有要监听的地址时为 0',
    registers,
    async collect() {
      this.set(await usdtWatcherLagSeconds(ctx));
    },
  });

  // Last: their reads start after the pool's counts are taken (a query of theirs would be counted as one waiting).
  new Gauge({
    name: 'data_dir_free_bytes',
    help: 'DATA_DIR 所在文件系统上本进程可用的剩余空间（字节）',
    registers,
    collect() {
      const free = dataDirFreeBytes(ctx.settings.dataDir);
      if (free !== null) this.set(free);
    },
  });

  new Gauge({
    name: 'database_size_bytes',
    help: '数据库占用的磁盘空间（字节）：SQLite 为 app.db 与其 -wal 文件，PostgreSQL 为 pg_database_size',
    registers,
    async collect() {
      const bytes = await databaseSizeBytes(ctx).catch(() => null);
      if (bytes !== null) this.set(bytes);
    },
  });

  new Gauge({
    name: 'db_writes_failing',
    help: '数据库写入因磁盘已满而失败（1），直到一次写入重新成功（/readyz 的探测写入）为止；否则 0',
    registers,
    collect() {
      this.set(ctx.database.writes.failing ? 1 : 0);
    },
  });
}
