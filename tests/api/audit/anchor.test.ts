/**
 * The audit chain against its published head (an anchor): TRUNCATE refused on PostgreSQL; rows cut
 * off the end, or one taken out and the chain's hashes rebuilt, or the table emptied, each still
 * verify on their own, and each fails against the anchor the job kept in DATA_DIR or one given on
 * the command line. The job never replaces a kept anchor with a chain that no longer holds it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, chinese, type TestServer } from '../../helpers/server.js';
import { credit } from '../../helpers/commerce.js';
import { auditCommand } from '../../../server/audit/cli.js';
import { hashRow, GENESIS, type HashedRow } from '../../../server/audit/audit.js';
import { publishAnchor } from '../../../server/audit/anchor-job.js';

describe.each(dbKinds)('audit anchor on %s', (kind) => {
  let s: TestServer;
  let dataDir: string;
  let customer: number;

  const db = () => s.database.db;
  const rows = () => db().selectFrom('audit').selectAll().orderBy('id').execute();
  const verify = (...args: string[]) => auditCommand(['verify', ...args], s.database, dataDir);
  /** The walk alone, with no anchor. */
  const walk = async () => (await auditCommand(['verify'], s.database)).lines;
  const anchorFile = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'audit-anchor.json'), 'utf8'));

  /** What someone with the database's owner rights or the SQLite file can do: lift the guard, change rows, put the guard back. */
  async function tamper(change: () => Promise<unknown>) {
    if (kind === 'postgres') await sql`DROP TRIGGER audit_append_only ON audit`.execute(db());
    try {
      await change();
    } finally {
      if (kind === 'postgres') {
        await sql`CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(
          db(),
        );
      }
    }
  }

  /** Puts the rows back as they were (ids included). */
  async function putBack(original: Awaited<ReturnType<typeof rows>>) {
    await tamper(async () => {
      await db().deleteFrom('audit').execute();
      await db().insertInto('audit').values(original).execute();
    });
    expect(await verify()).toMatchObject({ code: 0 });
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-anchor-'));
    s = await startServer(kind, { settings: { dataDir } });
    const owner = await s.login(SUP.username, SUP.password);
    customer = (await s.addCustomer(owner, 'anchored_cust')).id;
    for (const amount of [5, 7, 11, 13]) await credit(s, owner, customer, amount);
    expect(await s.app.jobs.runNow('audit-anchor')).toBe(true);
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the job keeps the chain's head in DATA_DIR, readable by its owner only; verify checks against it", async () => {
    const all = await rows();
    const last = all.at(-1)!;
    expect(anchorFile()).toMatchObject({ id: Number(last.id), hash: last.hash, rows: all.length });
    expect(fs.statSync(path.join(dataDir, 'audit-anchor.json')).mode & 0o077).toBe(0);
    const r = await verify();
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe(`ok ${all.length}`);
    expect(r.lines[2]).toBe(`锚点 ${last.id}:${last.hash} 相符（${path.join(dataDir, 'audit-anchor.json')}）`);
    expect((await verify('--anchor', `${last.id}:${last.hash}`)).code).toBe(0);
    expect((await verify('--anchor', 'not-an-anchor')).code).toBe(2);
  });

  it('a deleted anchor file is not replaced unremarked: the job says so in the log as it writes a new one', async () => {
    fs.rmSync(path.join(dataDir, 'audit-anchor.json'));
    const said: string[] = [];
    const log = { info: () => undefined, error: (...a: unknown[]) => said.push(String(a.at(-1))), warn: (m: string) => said.push(m) };
    await publishAnchor({ db: db(), settings: { ...s.settings, dataDir }, now: Date.now, log: log as never });
    expect(said).toEqual([expect.stringContaining('审计链锚点文件')]);
    expect(said[0]).toContain('不存在');
    expect(anchorFile().id).toBe(Number((await rows()).at(-1)!.id));
  });

  it.runIf(kind === 'postgres')('TRUNCATE is refused as UPDATE and DELETE are', async () => {
    const before = (await rows()).length;
    await expect(sql`TRUNCATE audit`.execute(db())).rejects.toThrow(/append-only/);
    expect((await rows()).length).toBe(before);
  });

  it('the newest rows deleted: the chain still walks, but not against the anchor', async () => {
    const original = await rows();
    const anchor = `${original.at(-1)!.id}:${original.at(-1)!.hash}`;
    await tamper(() => db().deleteFrom('audit').where('id', '>', original.at(-3)!.id).execute());
    // Alone, a chain cut short walks fine: the anchor is what shows the cut.
    expect((await walk())[0]).toBe(`ok ${original.length - 2}`);
    for (const r of [await verify('--anchor', anchor), await verify()]) {
      expect(r.code).toBe(1);
      expect(r.lines[0]).toContain('比锚点短');
      expect(chinese(r.lines[0])).toBe(true);
    }
    // The job sees it too and leaves the kept anchor as it was.
    const kept = anchorFile();
    await s.app.jobs.runNow('audit-anchor');
    expect(anchorFile()).toEqual(kept);
    await putBack(original);
  });

  it('a money row taken out and every later hash rebuilt: fails against the anchor', async () => {
    const original = await rows();
    const anchor = `${original.at(-1)!.id}:${original.at(-1)!.hash}`;
    const victim = original.filter((r) => r.category === 'money')[1];
    await tamper(async () => {
      await db().deleteFrom('audit').execute();
      let prev = GENESIS;
      for (const r of original) {
        if (r.id === victim.id) continue;
        const row = { ...r, prev_hash: prev };
        row.hash = hashRow(row as HashedRow);
        prev = row.hash;
        await db().insertInto('audit').values(row).execute();
      }
    });
    expect((await walk())[0]).toBe(`ok ${original.length - 1}`);
    for (const r of [await verify('--anchor', anchor), await verify()]) {
      expect(r.code).toBe(1);
      expect(r.lines[0]).toMatch(/^核对失败：审计链与锚点 .* 不符/);
      expect(r.lines[0]).toContain('哈希与锚点不符');
    }
    await putBack(original);
  });

  it('the table emptied: a failure alone and against the anchor', async () => {
    const original = await rows();
    await tamper(() => db().deleteFrom('audit').execute());
    expect(await auditCommand(['verify'], s.database)).toMatchObject({ code: 1, lines: [expect.stringContaining('审计表是空的')] });
    const r = await verify();
    expect(r.code).toBe(1);
    expect(r.lines[0]).toContain('审计表是空的');
    await putBack(original);
  });

  it('rows appended after the anchor keep it valid; the next round moves it on', async () => {
    const kept = anchorFile();
    const owner = await s.login(SUP.username, SUP.password);
    await credit(s, owner, customer, 1);
    expect((await verify()).code).toBe(0);
    await s.app.jobs.runNow('audit-anchor');
    const last = (await rows()).at(-1)!;
    expect(anchorFile()).toMatchObject({ id: Number(last.id), hash: last.hash });
    expect(anchorFile().rows).toBeGreaterThan(kept.rows);
    expect((await verify('--anchor', `${kept.id}:${kept.hash}`)).code).toBe(0);
  });
});
