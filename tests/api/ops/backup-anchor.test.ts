/**
 * Each backup's manifest carries the audit chain's head at the copy (an anchor kept outside the
 * database): `npm run audit -- verify --anchor` with it passes on the live chain, and fails once the
 * newest rows are deleted (guard lifted, rows deleted, guard put back), on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../../server/backup/archive.js';
import { takeBackup } from '../../../server/backup/take.js';
import { auditCommand } from '../../../server/audit/cli.js';
import { credit } from '../../helpers/commerce.js';
import { dropPgDatabase, freshPgDatabase, serveDataDir } from '../../helpers/data-dir-server.js';
import { dbKinds, SUP, type TestServer } from '../../helpers/server.js';
import type { Manifest } from '../../../server/backup/manifest.js';

/** manifest.json as an operator reads it (`tar -xzOf FILE manifest.json`). */
async function manifestOf(file: string): Promise<Manifest> {
  let text = '';
  await readArchive(file, (name) => ({
    write: (chunk) => {
      if (name === 'manifest.json') text += chunk.toString('utf8');
    },
    end: () => undefined,
  }));
  return JSON.parse(text);
}

describe.each(dbKinds)('the audit anchor in a backup on %s', (kind) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-anchor-'));
  let s: TestServer;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    databaseUrl = kind === 'postgres' ? await freshPgDatabase('backup_anchor') : undefined;
    s = await serveDataDir(path.join(tmp, 'data'), databaseUrl);
    const owner = await s.login(SUP.username, SUP.password);
    const customer = await s.addCustomer(owner, 'anchor_cust');
    for (const amount of [3, 4, 5]) await credit(s, owner, customer.id, amount);
  });
  afterAll(async () => {
    await s?.close();
    await dropPgDatabase(databaseUrl);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("the manifest names the last row's id, hash and count; a chain cut short later fails against it", async () => {
    const taken = await takeBackup(s.settings, { now: Date.now(), sqliteFile: s.database.sqlite?.name });
    const rows = await s.database.db.selectFrom('audit').select(['id', 'hash']).orderBy('id').execute();
    const last = rows.at(-1)!;
    const manifest = await manifestOf(taken.file);
    expect(manifest.auditHead).toEqual({ id: Number(last.id), hash: last.hash, rows: rows.length, anchor: `${last.id}:${last.hash}` });

    const anchor = manifest.auditHead!.anchor as string;
    const good = await auditCommand(['verify', '--anchor', anchor], s.database);
    expect(good.code).toBe(0);
    expect(good.lines.at(-1)).toContain(`锚点 ${anchor} 相符`);

    const db = s.database.db;
    if (kind === 'postgres') await sql`DROP TRIGGER audit_append_only ON audit`.execute(db);
    await db.deleteFrom('audit').where('id', '=', last.id).execute();
    if (kind === 'postgres') {
      await sql`CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(
        db,
      );
    }
    // The chain alone still walks; against the manifest's anchor it does not.
    expect((await auditCommand(['verify'], s.database)).lines[0]).toBe(`ok ${rows.length - 1}`);
    const bad = await auditCommand(['verify', '--anchor', anchor], s.database);
    expect(bad.code).toBe(1);
    expect(bad.lines[0]).toMatch(/^核对失败：审计链与锚点 .* 不符.*比锚点短/);
  });
});
