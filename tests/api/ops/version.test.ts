/**
 * The running code's version, as package.json names it, where an operator looks: /healthz's
 * `version`, /metrics' app_info{version}, `npm run admin -- version`, a backup's manifest. A restore
 * compares versions: a backup from a newer version than the code is refused with the Chinese reason
 * (upgrade the code first), even when it has no migration the code lacks; one from an older version
 * (taken on a database at the older release's migrations) is restored, and the next start migrates it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive, type Entry } from '../../../server/backup/archive.js';
import { restoreBackup } from '../../../server/backup/restore.js';
import { takeBackup } from '../../../server/backup/take.js';
import { readSettings } from '../../../server/env.js';
import { connect } from '../../../server/platform/db/connection.js';
import { runMigrations } from '../../../server/platform/db/migrate.js';
import { migrate, migrations } from '../../../server/schema/migrate.js';
import { ensureFirstSup } from '../../../server/accounts/first-sup.js';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
/** The last migration of release 0.1.0 (CHANGELOG.md). */
const LAST_OF_0_1_0 = '018_staff_audit';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'version-test-'));
const databases: string[] = [];
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const db of databases.splice(0)) await dropPgDatabase(db);
});

describe.each(dbKinds)('the version on %s', (kind) => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('/healthz names it, /metrics has app_info{version} 1', async () => {
    s = await startServer(kind);
    const health = await (await fetch(`${s.url}/healthz`)).json();
    expect(health).toEqual({ status: 'ok', version: VERSION });
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toContain(`app_info{version="${VERSION}"} 1`);
  });
});

describe('npm run admin -- version', () => {
  it('prints the version as its one line', () => {
    const r = spawnSync('npm', ['run', '--silent', 'admin', '--', 'version'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: tmp },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
  });
});

describe.each(dbKinds)('restoring by version on %s', (kind) => {
  let n = 0;
  /** A DATA_DIR path and, on PostgreSQL, an empty database of its own. */
  async function place(name: string) {
    const dataDir = path.join(tmp, `${kind}-${name}-${++n}`);
    const databaseUrl = kind === 'postgres' ? await freshPgDatabase('version_test') : undefined;
    if (databaseUrl) databases.push(databaseUrl);
    return readSettings({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  }

  /** A database at the migrations up to `last`, with the first sup, backed up; its manifest then says `version`. */
  async function backupAt(last: string, version: string): Promise<string> {
    const settings = await place('source');
    const database = await connect({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
    const all = migrations(database.dialect, settings);
    await runMigrations(database.db, database.dialect, Object.fromEntries(Object.entries(all).filter(([name]) => name <= last)));
    await ensureFirstSup(database.db, SUP.username, SUP.password, Date.now());
    await database.close();
    const taken = await takeBackup(settings, { now: Date.now(), out: path.join(tmp, `${kind}-${++n}.tar.gz`) });
    return withManifest(taken.file, (m) => ({ ...m, appVersion: version }));
  }

  it('a backup from a newer version is refused: upgrade the code first; nothing restored', { timeout: 120_000 }, async () => {
    const newer = bump(VERSION);
    const file = await backupAt('999', newer);
    const target = await place('target');
    const error = await restoreBackup(target, file, { force: false, now: Date.now() }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error).not.toBeNull();
    expect(chinese(error!.message)).toBe(true);
    expect(error!.message).toContain(`这份备份来自更新的版本 ${newer}，而当前代码是 ${VERSION}`);
    expect(error!.message).toContain(`请先把代码升级到 ${newer}`);
    expect(fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : []).toEqual([]);
  });

  it(
    'a backup from an older version (0.1.0, migrations up to 018) is restored, and the next start runs the newer migrations',
    { timeout: 120_000 },
    async () => {
      const file = await backupAt(LAST_OF_0_1_0, '0.1.0');
      const target = await place('target');
      const restored = await restoreBackup(target, file, { force: false, now: Date.now() });
      expect(restored.manifest.appVersion).toBe('0.1.0');
      expect(restored.manifest.migration).toBe(LAST_OF_0_1_0);

      // What the server's start does with it: the migrations the older version lacked, then serving.
      const database = await connect({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      try {
        await migrate(database.db, database.dialect, target);
        const applied = (
          await database.db.withTables<{ kysely_migration: { name: string } }>().selectFrom('kysely_migration').select('name').execute()
        ).map((r) => r.name);
        expect(applied).toEqual(expect.arrayContaining(['019_audit_no_truncate', '021_telegram_outbox_priority']));
        const sup = await database.db.selectFrom('users').select('username').where('username', '=', SUP.username).executeTakeFirst();
        expect(sup?.username).toBe(SUP.username);
      } finally {
        await database.close();
      }
    },
  );
});

/** The next minor version after `v`. */
function bump(v: string): string {
  const [major, minor] = v.split('.').map(Number);
  return `${major}.${minor + 1}.0`;
}

/** The backup file again, its manifest changed by `change` (the entries, and so their checksums, as they were). */
async function withManifest(file: string, change: (m: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
  const parts = new Map<string, Buffer[]>();
  await readArchive(file, (name) => {
    const chunks: Buffer[] = [];
    parts.set(name, chunks);
    return {
      write: (c) => {
        chunks.push(Buffer.from(c));
      },
      end: () => undefined,
    };
  });
  const entries: Entry[] = [...parts].map(([name, chunks]) => ({ name, data: Buffer.concat(chunks) }));
  const manifest = entries.find((e) => e.name === 'manifest.json')! as { name: string; data: Buffer };
  manifest.data = Buffer.from(JSON.stringify(change(JSON.parse(manifest.data.toString('utf8')))));
  const out = file.replace(/\.tar\.gz$/, '-edited.tar.gz');
  await writeArchive(out, entries, Date.now());
  return out;
}
