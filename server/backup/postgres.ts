/**
 * PostgreSQL's side of a backup: PostgreSQL's own tools (pg_dump in its custom format, pg_restore in
 * one transaction), which must be installed beside the server (the `postgresql-client` package, the
 * server's major version or newer). Without them the operator is given the recipe by hand.
 */
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './errors.js';

/** Schemas a forced restore set aside; never dumped again (`-N`), never counted as data. */
export const ASIDE_PREFIX = 'before_restore_';

export const DUMP_RECIPE = `pg_dump -Fc -N '${ASIDE_PREFIX}*' -d "$DATABASE_URL" -f backup.pgdump，并另外保存 DATA_DIR/device-secret.key`;
export const RESTORE_RECIPE =
  'tar -xzf 备份文件 database.pgdump device-secret.key && ' +
  'pg_restore --no-owner --no-privileges --single-transaction -d "$DATABASE_URL" database.pgdump，再把 device-secret.key 放进 DATA_DIR（权限 600）';

/** A tool's name when it can be run from PATH; null when it is not installed. */
export function findTool(name: 'pg_dump' | 'pg_restore'): string | null {
  const r = spawnSync(name, ['--version'], { stdio: 'ignore' });
  return r.error ? null : name;
}

export function missingTool(name: 'pg_dump' | 'pg_restore'): string {
  return (
    `未找到 ${name}（PostgreSQL 客户端工具）：请安装主版本不低于数据库的客户端（Debian/Ubuntu: apt-get install postgresql-client），` +
    `或按 docs/operations.md「备份与恢复」手动执行：${name === 'pg_dump' ? DUMP_RECIPE : RESTORE_RECIPE}`
  );
}

/**
 * The tools are given the address without its password, which goes in PGPASSWORD: a command line is
 * visible to every user of the machine (ps), the environment is not.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const last =
        stderr
          .trim()
          .split('\n')
          .filter((l) => !/^\s*(Command was|$)/.test(l))
          .slice(-1)[0] ?? `exit ${code}`;
      reject(new BackupError(`${tool} 失败：${last.trim()}`));
    });
  });
}

/** The whole database (forced restores' set-aside schemas excepted) into `dest`, pg_dump's custom format. */
export async function dumpPostgres(url: string, dest: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  await run('pg_dump', ['-Fc', '-N', `${ASIDE_PREFIX}*`, '-f', dest, '-d', dbname], env);
}

/** Restores a dump into the database at `url`, all or nothing. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '-d', dbname, dump], env);
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`无法连接 PostgreSQL（请检查 DATABASE_URL）：${(err as Error).message}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The migrations applied to the database (none: never started on it). */
export async function pgMigrations(client: pg.Client): Promise<string[]> {
  const exists = await client.query(`select to_regclass('kysely_migration') is not null as yes`);
  if (!exists.rows[0].yes) return [];
  const { rows } = await client.query<{ name: string }>('select name from kysely_migration');
  return rows.map((r) => r.name);
}

/** The audit trail's last row and the rows up to it, read before the dump (so the dump holds it); null while empty. */
export async function pgAuditHead(client: pg.Client): Promise<{ id: number; hash: string; rows: number } | null> {
  const exists = await client.query(`select to_regclass('audit') is not null as yes`);
  if (!exists.rows[0].yes) return null;
  const last = await client.query<{ id: string; hash: string }>('select id, hash from audit order by id desc limit 1');
  if (!last.rows.length) return null;
  const id = Number(last.rows[0].id);
  const count = await client.query<{ n: string }>('select count(*) as n from audit where id <= $1', [id]);
  return { id, hash: last.rows[0].hash, rows: Number(count.rows[0].n) };
}

/** The schemas that hold our data: every one but the system's and those set aside. */
async function userSchemas(client: pg.Client): Promise<{ name: string; objects: number }[]> {
  const { rows } = await client.query<{ name: string; objects: string }>(`
    select n.nspname as name, (select count(*) from pg_class c where c.relnamespace = n.oid) as objects
    from pg_namespace n
    where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and n.nspname not like '${ASIDE_PREFIX}%'`);
  return rows.map((r) => ({ name: r.name, objects: Number(r.objects) }));
}

/** Empty: nothing but an empty `public` schema (what CREATE DATABASE makes). */
export async function pgIsEmpty(client: pg.Client): Promise<boolean> {
  const schemas = await userSchemas(client);
  return schemas.every((s) => s.name === 'public' && s.objects === 0);
}

/** --force: every schema of ours is renamed `before_restore_<stamp>_<name>` (kept, not dropped), and `public` made anew. */
export async function pgSetAside(client: pg.Client, stamp: string): Promise<string[]> {
  const moved: string[] = [];
  await client.query('begin');
  try {
    for (const s of await userSchemas(client)) {
      const to = `${ASIDE_PREFIX}${stamp}_${s.name}`.slice(0, 63);
      await client.query(`alter schema ${ident(s.name)} rename to ${ident(to)}`);
      moved.push(to);
    }
    await client.query('create schema public');
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
  return moved;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Until when a server process holds a job lease on this database (null: none does). */
export async function pgLeaseUntil(client: pg.Client, now: number): Promise<number | null> {
  const exists = await client.query(`select to_regclass('job_leases') is not null as yes`);
  if (!exists.rows[0].yes) return null;
  const { rows } = await client.query<{ until: string | null }>('select max(expires_at) as until from job_leases where expires_at > $1', [
    now,
  ]);
  return rows[0].until === null ? null : Number(rows[0].until);
}
