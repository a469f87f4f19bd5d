/**
 * `npm run db:migration -- <label>` in a copy of the checkout: with nothing declared anew it writes
 * nothing; a declared new column becomes an add-column migration (applied on SQLite and PostgreSQL,
 * typed at once); a changed column type or a dropped field becomes a migration that refuses to run,
 * saying what to do by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Helpers from '../../helpers/server.js';
import { dbKinds } from '../../helpers/server.js';
import { importFrom, removeScratch, runScript, scratchCheckout } from '../../helpers/scratch-checkout.js';

let dir: string;
const at = (file: string) => path.join(dir, file);
const read = (file: string) => fs.readFileSync(at(file), 'utf8');
const migrationNamed = (label: string) => fs.readdirSync(at('server/schema/migrations')).find((f) => f.endsWith(`_${label}.ts`));

/** Rewrites one line of the notices' declaration in the copy. */
function declare(from: RegExp, to: string) {
  const text = read('src/resources/content.ts');
  expect(text).toMatch(from);
  fs.writeFileSync(at('src/resources/content.ts'), text.replace(from, to));
}

beforeAll(() => {
  dir = scratchCheckout();
});
afterAll(() => removeScratch(dir));

describe('npm run db:migration', () => {
  it('with nothing to do says so and writes nothing', () => {
    const before = fs.readdirSync(at('server/schema/migrations'));
    const migrate = read('server/schema/migrate.ts');
    const run = runScript(dir, 'db:migration', 'nothing');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('数据库结构与声明一致，没有需要写的迁移');
    expect(fs.readdirSync(at('server/schema/migrations'))).toEqual(before);
    expect(read('server/schema/migrate.ts')).toBe(migrate);
  });

  it('writes an add-column migration for declared new fields, lists it and types the columns', () => {
    declare(
      /^(\s+)(title: \{ label: '标题'.*)$/m,
      "$1$2\n$1summary: { label: '摘要', type: 'text', max: 200, list: true },\n$1pinned: { label: '置顶', type: 'bool', default: false },",
    );
    const run = runScript(dir, 'db:migration', 'notice_summary');
    expect(run.status, run.output).toBe(0);
    const name = migrationNamed('notice_summary')!;
    expect(name, run.output).toBeTruthy();
    // Laid out as Prettier lays it out: compared without whitespace.
    const text = read(`server/schema/migrations/${name}`).replace(/\s+/g, '');
    const bare = (code: string) => code.replace(/\s+/g, '');
    expect(text).toContain(bare("await db.schema.alterTable('notices').addColumn('summary', 'varchar(200)').execute();"));
    expect(text).toContain(
      bare("await db.schema.alterTable('notices').addColumn('pinned', 'integer', (c: any) => c.notNull().defaultTo(0)).execute();"),
    );
    expect(read('server/schema/migrate.ts')).toContain(`'${name.replace('.ts', '')}': noticeSummary(dialect),`);
    // Named under the newest release, before the release after it, with what it adds.
    const changelog = read('CHANGELOG.md');
    const line = `- \`${name.replace('.ts', '')}\`: new columns \`notices.summary\`, \`notices.pinned\`.`;
    const newest = changelog.slice(changelog.indexOf('\n## '));
    const after = newest.indexOf('\n## ', 1);
    expect(after < 0 ? newest : newest.slice(0, after)).toContain(line);
    expect(read('server/schema/generated-tables.ts')).toMatch(
      /export interface NoticesTable \{[^}]*\n {2}summary: string \| null;\n {2}pinned: Generated<number>;\n\}/,
    );
  });

  describe.each(dbKinds)('the add-column migration on %s', (kind) => {
    let s: Helpers.TestServer;
    beforeAll(async () => {
      const helpers = await importFrom<typeof Helpers>(dir, 'tests/helpers/server.ts');
      s = await helpers.startServer(kind);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('applies, and the new fields are stored and read through the generic routes', async () => {
      const sup = await s.login('admin', 'Admin-pass-123');
      const added = await s.post('/api/notice/add', { title: '标题', content: '<p>内容</p>', summary: '一句话', pinned: true }, sup);
      expect(added.code, added.message).toBe(200);
      expect(added.data).toMatchObject({ summary: '一句话', pinned: true });
    });
  });

  it('writes a migration that refuses to run for a changed type and a dropped field', () => {
    declare(
      /day: \{ label: '提醒间隔\(天\)', type: 'int', min: 0, max: 365, default: 1,/,
      "day: { label: '提醒间隔(天)', type: 'text', max: 20,",
    );
    declare(/^\s+popup: \{ label: '弹窗公告'.*\n/m, '');
    const run = runScript(dir, 'db:migration', 'notice_day');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('需要手工完成');
    const name = migrationNamed('notice_day')!;
    const text = read(`server/schema/migrations/${name}`);
    expect(text).toContain('const byHand: string[] = [');
    expect(text).toContain('notices.day 的类型改变了');
    expect(text).toContain('notices.popup 不再是声明的字段');

    // Until a developer makes the changes, migrating (here: for the table types, in a process of its own) stops with them named.
    const types = runScript(dir, 'db:types');
    expect(types.status).not.toBe(0);
    expect(types.output).toMatch(/notice_day[\s\S]*notices\.day 的类型改变了/);
  });
});
