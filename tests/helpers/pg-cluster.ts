/**
 * A PostgreSQL cluster of the test's own (initdb into a temp dir, pg_ctl on a free port), for tests
 * that stop and restart the database: the machine's shared cluster on 5432 is never touched. Debian's
 * binaries (/usr/lib/postgresql/<version>/bin, or PG_BIN); when the test runs as root, they run as
 * the `postgres` OS user (PostgreSQL refuses root). Stopped and removed when the test process exits,
 * whatever happened.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** Where initdb and pg_ctl are, or null when this machine has no PostgreSQL server installed. */
export function pgBinDir(): string | null {
  const candidates = [process.env.PG_BIN ?? ''];
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    candidates.push(
      ...fs
        .readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(root, v, 'bin')),
    );
  }
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

const asRoot = process.getuid?.() === 0;
/** PostgreSQL runs as this OS user: ourselves, or `postgres` when we are root. */
const osUser = asRoot ? 'postgres' : os.userInfo().username;

function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export interface PgCluster {
  port: number;
  /** The database the app uses (`app`), as the `postgres` superuser over TCP with trust. */
  url: string;
  /** The cluster's own folder (data, log, socket). */
  dir: string;
  running: boolean;
  /** Fast shutdown: open connections are ended, new ones refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
  /** The server's log so far (for failure messages). */
  log(): string;
}

export interface PgClusterOptions {
  /** Extra `postgres -c` settings, e.g. { fsync: 'off' } for tests that never crash the machine. */
  settings?: Record<string, string>;
}

const live = new Set<PgCluster>();
process.once('exit', () => {
  // A test that failed or was interrupted must not leave a server running.
  for (const c of live) {
    try {
      const [cmd, args] = command(path.join(pgBinDir()!, 'pg_ctl'), ['-D', path.join(c.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      if (c.running) execFileSync(cmd, args, { stdio: 'ignore' });
      fs.rmSync(c.dir, { recursive: true, force: true });
    } catch {
      /* already gone */
    }
  }
});

export async function startPgCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error('没有找到 PostgreSQL 服务器程序 (initdb, pg_ctl)：apt-get install postgresql，或设置 PG_BIN');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-cluster-'));
  if (asRoot) execFileSync('chown', [osUser, dir]);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  const pg = (name: string, args: string[]) => {
    const [cmd, a] = command(path.join(bin, name), args);
    return run(cmd, a, { maxBuffer: 16 * 1024 * 1024 });
  };
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    max_connections: '200',
    ...opts.settings,
  };
  const options = [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');

  const cluster: PgCluster = {
    port,
    dir,
    running: false,
    url: `postgres://postgres@127.0.0.1:${port}/app`,
    async start() {
      await pg('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '120', 'start']);
      cluster.running = true;
    },
    async stop() {
      cluster.running = false;
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
    },
    async destroy() {
      live.delete(cluster);
      if (cluster.running) await cluster.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
  live.add(cluster);
  await cluster.start();
  await pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'app']);
  return cluster;
}
