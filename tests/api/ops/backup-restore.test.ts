/**
 * The restore drill, on SQLite and on PostgreSQL (a fresh database per test): customers buy through
 * the API while `npm run backup` runs as its own process; `npm run restore` puts the file into a fresh
 * DATA_DIR (and a fresh database); a server started there has every order acknowledged before the
 * backup began, books that balance, and still verifies the webhook signature of a device made before
 * the backup (its sealed secret opens: the key travelled). Then what a restore refuses: a folder or a
 * database that is not empty (unless --force, which moves the old data aside), a damaged file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance, importLines } from '../../helpers/commerce.js';
import { dropPgDatabase, envFor, freshPgDatabase, npmRun, npmStart, ROOT, serveDataDir } from '../../helpers/data-dir-server.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { chinese, dbKinds, SUP, type TestServer } from '../../helpers/server.js';

const CUSTOMERS = 4;
const NUMBERS = 2000;
const MAX_ORDERS = 600;
/** Each test runs several commands as processes of their own (npm, tsx): room for a loaded machine. */
const SLOW = 240_000;

interface Acked {
  id: number;
  order_no: string;
  user: number;
  at: number;
  tokens: { token: string; identifier: string }[];
}

describe.each(dbKinds)('backup and restore on %s', (kind) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const databases: string[] = [];
  const servers: TestServer[] = [];
  let original: TestServer;
  let sup: string;
  let goods: number;
  let device: Device;
  let backupFile = '';
  let sourceDir = '';
  let sourceDb: string | undefined;
  const customers: { id: number; token: string }[] = [];

  /** A new DATA_DIR path (not created) and, on PostgreSQL, a new empty database. */
  async function fresh(name: string): Promise<{ dir: string; db?: string }> {
    const db = kind === 'postgres' ? await freshPgDatabase('backup_test') : undefined;
    if (db) databases.push(db);
    return { dir: path.join(tmp, name), db };
  }
  async function serve(dir: string, db?: string, env: NodeJS.ProcessEnv = {}) {
    const s = await serveDataDir(dir, db, env);
    servers.push(s);
    return s;
  }
  async function stop(s: TestServer) {
    servers.splice(servers.indexOf(s), 1);
    await s.close();
  }

  beforeAll(async () => {
    ({ dir: sourceDir, db: sourceDb } = await fresh('source'));
    original = await serve(sourceDir, sourceDb);
    sup = await original.login(SUP.username, SUP.password);
    goods = await addGoods(original, sup, { receive_limit: 0, max_qty: 3 });
    await importLines(
      original,
      sup,
      goods,
      Array.from({ length: NUMBERS }, (_, i) => `+86139${String(i).padStart(8, '0')}`),
    );
    for (let i = 0; i < CUSTOMERS; i++) {
      const c = await original.addCustomer(sup, `drill_buyer_${i}`);
      await credit(original, sup, c.id, 1000);
      customers.push(c);
    }
    device = await addDevice(original, sup, { name: '备份前的手机' });
  });

  afterAll(async () => {
    for (const s of [...servers]) await s.close();
    for (const db of databases) await dropPgDatabase(db);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(
    'a backup taken during concurrent purchases restores into a fresh DATA_DIR: every order acknowledged before it, books at 0, the device still signs',
    async () => {
      const acked: Acked[] = [];
      const refused: string[] = [];
      let buying = true;
      const buyer = async (c: { id: number; token: string }, n: number) => {
        // At most MAX_ORDERS orders of up to 3 units: the stock never runs out, however long the backup takes.
        for (let i = 0; buying && acked.length < MAX_ORDERS; i++) {
          const r = await original.post('/api/order/buy', { goods_id: goods, quantity: 1 + ((n + i) % 3) }, c.token);
          if (r.code === 200)
            acked.push({ id: r.data.order_id, order_no: r.data.order_no, user: c.id, at: Date.now(), tokens: r.data.tokens });
          else refused.push(`${r.code} ${r.message}`);
        }
      };
      const buyers = customers.map((c, n) => buyer(c, n));
      while (acked.length < 20) await new Promise((r) => setTimeout(r, 10));

      const began = Date.now();
      const before = acked.filter((o) => o.at < began).map((o) => ({ ...o }));
      const backup = await npmRun('backup', [], envFor(sourceDir, sourceDb));
      const ackedDuring = acked.filter((o) => o.at >= began).length;
      buying = false;
      await Promise.all(buyers);

      expect(backup.code, backup.stderr).toBe(0);
      expect(refused).toEqual([]);
      // Purchases went on while the backup ran: it was taken under load, not in a quiet moment.
      expect(ackedDuring).toBeGreaterThan(0);
      backupFile = backup.lastLine;
      expect(path.dirname(backupFile)).toBe(path.join(sourceDir, 'backups'));
      expect(path.basename(backupFile)).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/);
      expect(fs.statSync(backupFile).mode & 0o077).toBe(0);
      expect(backup.stdout).toMatch(/备份完成/);

      // A plain tar.gz: GNU tar lists it, the manifest first.
      const listed = spawnSync('tar', ['-tzf', backupFile], { encoding: 'utf8' });
      if (!listed.error) {
        expect(listed.stdout.trim().split('\n')).toEqual([
          'manifest.json',
          kind === 'sqlite' ? 'app.db' : 'database.pgdump',
          'device-secret.key',
        ]);
        const manifest = JSON.parse(spawnSync('tar', ['-xzOf', backupFile, 'manifest.json'], { encoding: 'utf8' }).stdout);
        const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
        expect(manifest).toMatchObject({ format: 1, dialect: kind, appVersion: version, key: 'included' });
        expect(manifest.migration).toBe([...manifest.migrations].sort().pop());
        expect(Date.parse(manifest.createdAt)).toBeGreaterThanOrEqual(began - 1000);
      }

      const target = await fresh('restored');
      const restore = await npmRun('restore', [backupFile], envFor(target.dir, target.db));
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.lastLine).toMatch(/恢复完成/);

      const restored = await serve(target.dir, target.db);
      const supAgain = await restored.login(SUP.username, SUP.password);
      const rows = await restored.database.db.selectFrom('orders').select(['id', 'order_no', 'user_id', 'amount']).execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const o of before)
        expect(byId.get(o.id), `order ${o.order_no} acknowledged before the backup`).toMatchObject({
          order_no: o.order_no,
          user_id: o.user,
        });
      // Nothing in the copy that the original does not have, as the original has it.
      const originals = new Map(
        (await original.database.db.selectFrom('orders').select(['id', 'order_no', 'user_id', 'amount']).execute()).map((r) => [
          Number(r.id),
          r,
        ]),
      );
      for (const r of rows) expect(originals.get(Number(r.id))).toEqual(r);
      await expectBooksBalance(restored, supAgain);
      await expectBooksBalance(original, sup);

      // The device made before the backup still signs: its sealed secret opens with the key that travelled.
      const link = before[0].tokens[0];
      const sms = await sendSms(restored, device, '【Telegram】您的验证码是 482913，5分钟内有效。', { simInfo: `SIM1_${link.identifier}` });
      expect(sms.status, sms.text).toBe(200);
      expect((await restored.get(`/api/code/${link.token}`)).data).toMatchObject({ code: '482913' });
      expect(
        (await sendSms(restored, device, '验证码 777111', { secret: 'not-the-secret', simInfo: `SIM1_${link.identifier}` })).status,
      ).toBe(401);
      // And the restored server sells.
      expect((await buyOk(restored, customers[0].token, goods)).tokens).toHaveLength(1);
      await stop(restored);

      // `npm start` on the restored data: the sup logs in, the books still balance.
      const started = await npmStart(target.dir, target.db);
      try {
        const login = await fetch(`${started.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(SUP),
        }).then((r) => r.json());
        expect(login.code, started.output()).toBe(200);
        const stats = await fetch(`${started.url}/api/statistics/index`, { headers: { authorization: `Bearer ${login.data.token}` } }).then(
          (r) => r.json(),
        );
        expect(stats.data.admin.diff).toBe(0);
      } finally {
        expect(await started.stop()).toBe(0);
      }
    },
    SLOW,
  );

  it(
    'restore refuses a DATA_DIR (or database) that is not empty, with a Chinese line; --force moves the old data aside and restores',
    async () => {
      const target = await fresh('occupied');
      // Something there already: an old server's files (and, on PostgreSQL, its tables).
      const old = await serve(target.dir, target.db);
      // While it runs (its jobs hold their leases), not even --force replaces its data.
      expect(await old.app.jobs.runNow('backup')).toBe(true);
      const served = await npmRun('restore', [backupFile, '--force'], envFor(target.dir, target.db));
      expect(served.code).toBe(1);
      expect(served.stderr).toMatch(/仍有服务进程在使用这些数据.*请先停止/);
      await stop(old);
      fs.mkdirSync(target.dir, { recursive: true });
      fs.writeFileSync(path.join(target.dir, 'notes.txt'), '旧的数据');
      const listing = () => fs.readdirSync(target.dir).sort();
      const held = listing();
      const oldDb = fs.existsSync(path.join(target.dir, 'app.db')) ? fs.readFileSync(path.join(target.dir, 'app.db')) : undefined;

      const refused = await npmRun('restore', [backupFile], envFor(target.dir, target.db));
      expect(refused.code).toBe(1);
      expect(chinese(refused.stderr)).toBe(true);
      expect(refused.stderr).toMatch(/不是空的|已有数据/);
      expect(refused.stderr).toContain('--force');
      expect(listing()).toEqual(held);

      const forced = await npmRun('restore', [backupFile, '--force'], envFor(target.dir, target.db));
      expect(forced.code, forced.stderr).toBe(0);
      const aside = fs.readdirSync(target.dir).find((n) => n.startsWith('before-restore-'));
      expect(aside).toBeDefined();
      expect(fs.readFileSync(path.join(target.dir, aside!, 'notes.txt'), 'utf8')).toBe('旧的数据');
      if (oldDb) expect(fs.readFileSync(path.join(target.dir, aside!, 'app.db')).equals(oldDb)).toBe(true);
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: target.db });
        await client.connect();
        const { rows } = await client.query(`select nspname from pg_namespace where nspname like 'before_restore_%'`);
        expect(rows).toHaveLength(1);
        // The old tables are kept in the schema set aside.
        const kept = await client.query(`select count(*)::int as n from "${rows[0].nspname}".users`);
        expect(kept.rows[0].n).toBe(1);
        await client.end();
      }
      const restored = await serve(target.dir, target.db);
      const token = await restored.login(SUP.username, SUP.password);
      await expectBooksBalance(restored, token);
      expect(
        Number(
          (
            await restored.database.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(1 + CUSTOMERS);
      await stop(restored);

      if (kind === 'postgres') {
        // A backup of that database leaves the schema set aside out.
        const again = await npmRun('backup', ['--out', path.join(tmp, 'after-force.tar.gz')], envFor(target.dir, target.db));
        expect(again.code, again.stderr).toBe(0);
        const dump = spawnSync('sh', ['-c', `tar -xzOf ${again.lastLine} database.pgdump | pg_restore -l`], { encoding: 'utf8' });
        if (!dump.error && dump.status === 0) expect(dump.stdout).not.toMatch(/before_restore_/);
      }
    },
    SLOW,
  );

  it(
    'a truncated or corrupted file is refused with a Chinese line, and nothing is written',
    async () => {
      const whole = fs.readFileSync(backupFile);
      const truncated = path.join(tmp, 'truncated.tar.gz');
      fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const corrupted = path.join(tmp, 'corrupted.tar.gz');
      const flipped = Buffer.from(whole);
      flipped[Math.floor(flipped.length / 2)] ^= 0xff;
      fs.writeFileSync(corrupted, flipped);
      const notOurs = path.join(tmp, 'not-a-backup.tar.gz');
      fs.writeFileSync(notOurs, 'hello');

      for (const file of [truncated, corrupted, notOurs]) {
        const target = await fresh(`damaged-${path.basename(file)}`);
        const r = await npmRun('restore', [file], envFor(target.dir, target.db));
        expect(r.code, file).toBe(1);
        expect(r.stderr).toMatch(/备份文件已损坏或不完整/);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(fs.existsSync(target.dir) ? fs.readdirSync(target.dir) : []).toEqual([]);
        if (target.db) {
          const client = new pg.Client({ connectionString: target.db });
          await client.connect();
          expect((await client.query(`select to_regclass('users') as t`)).rows[0].t).toBeNull();
          await client.end();
        }
      }
    },
    SLOW,
  );

  it(
    'with DEVICE_SECRET_KEY the manifest says the key is not in the file, and the restore says to set it',
    async () => {
      const out = path.join(tmp, 'env-key.tar.gz');
      const r = await npmRun(
        'backup',
        ['--out', out],
        envFor(sourceDir, sourceDb, { DEVICE_SECRET_KEY: 'an operator secret kept elsewhere' }),
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.lastLine).toBe(out);
      const listed = spawnSync('tar', ['-tzf', out], { encoding: 'utf8' });
      if (!listed.error) {
        expect(listed.stdout).not.toContain('device-secret.key');
        const manifest = JSON.parse(spawnSync('tar', ['-xzOf', out, 'manifest.json'], { encoding: 'utf8' }).stdout);
        expect(manifest.key).toBe('environment');
        expect(manifest.keyNote).toContain('DEVICE_SECRET_KEY');
      }
      // --out never overwrites.
      const again = await npmRun('backup', ['--out', out], envFor(sourceDir, sourceDb));
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/已存在/);

      const target = await fresh('env-key');
      const restore = await npmRun('restore', [out], envFor(target.dir, target.db));
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/注意.*DEVICE_SECRET_KEY/);
    },
    SLOW,
  );
});
