/**
 * A small filesystem of its own (tmpfs, mounted by the test: the tests run as root on Linux), to fill
 * up for real: a full disk under DATA_DIR, BACKUP_DIR or a PostgreSQL tablespace. Where no tmpfs can
 * be mounted, `smallDiskMissing` says why and the tests that need one are skipped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the filesystem refuses (ENOSPC). */
  fill(): void;
  /** Removes the filler file. */
  free(): void;
}

const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted.splice(0)) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {
      /* already gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Why no small disk can be made here, or null when one can. */
export const smallDiskMissing: string | null = (() => {
  if (process.platform !== 'linux') return 'not Linux: no tmpfs';
  try {
    const dir = mountSmallDisk(64 * 1024).dir;
    execFileSync('umount', [dir], { stdio: 'ignore' });
    mounted.splice(mounted.indexOf(dir), 1);
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  } catch (error) {
    return `cannot mount a tmpfs (${(error as Error).message.split('\n')[0]})`;
  }
})();

export function mountSmallDisk(bytes: number, owner?: { uid: number; gid: number }): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  mounted.push(dir);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  return { dir, ...fillerIn(dir) };
}

/** A filler file in `dir`: written until the filesystem refuses (ENOSPC), removed to free the room. */
export function fillerIn(dir: string): Pick<SmallDisk, 'fill' | 'free'> {
  const filler = path.join(dir, 'filler.bin');
  return {
    fill() {
      const fd = fs.openSync(filler, 'a');
      try {
        for (const size of [65536, 4096, 512, 1]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) fs.writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
  };
}

/** The postgres system user's ids (a tablespace's folder must be its). */
export function postgresUser(): { uid: number; gid: number } | null {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    };
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL tablespace on a small disk (the server runs on this machine), every table of the
 * database at `url` moved into it, and a filler table there to fill it: PostgreSQL's own disk_full
 * (53100) on the next write that needs room. `free` drops the filler.
 */
export async function pgOnSmallDisk(url: string, bytes: number) {
  const disk = mountSmallDisk(bytes, postgresUser()!);
  const name = `ts_${path
    .basename(disk.dir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLESPACE ${name} LOCATION '${disk.dir}'`);
  const tables = await client.query<{ t: string }>("select quote_ident(tablename) as t from pg_tables where schemaname = 'public'");
  for (const { t } of tables.rows) await client.query(`ALTER TABLE ${t} SET TABLESPACE ${name}`);
  return {
    async fill() {
      await client.query(`CREATE TABLE disk_filler (x text) TABLESPACE ${name}`);
      try {
        for (;;) await client.query('INSERT INTO disk_filler SELECT repeat(md5(i::text), 30) FROM generate_series(1, 2000) i');
      } catch (error) {
        if ((error as { code?: string }).code !== '53100') throw error;
      }
      // What is left of the last page: smaller rows.
      try {
        for (;;) await client.query("INSERT INTO disk_filler VALUES (repeat('x', 100))");
      } catch (error) {
        if ((error as { code?: string }).code !== '53100') throw error;
      }
    },
    async free() {
      // A truncate makes a new file, which a full disk may refuse; a drop only removes.
      await client.query('DROP TABLE disk_filler');
    },
    /** Moves the tables back and removes the tablespace (before the database is dropped). */
    async close() {
      for (const { t } of tables.rows) await client.query(`ALTER TABLE ${t} SET TABLESPACE pg_default`).catch(() => undefined);
      await client.query('DROP TABLE IF EXISTS disk_filler');
      await client.end();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP TABLESPACE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    },
  };
}
