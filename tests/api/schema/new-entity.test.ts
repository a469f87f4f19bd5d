/**
 * `npm run new:entity -- <api>` in a copy of the checkout: the resource is declared, its migration and
 * table types written, and at once the server migrates (SQLite and PostgreSQL) and serves
 * `/api/<api>/…` to the sup and refuses it to a customer. No server code is written by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Helpers from '../../helpers/server.js';
import { dbKinds } from '../../helpers/server.js';
import { importFrom, removeScratch, runScript, scratchCheckout } from '../../helpers/scratch-checkout.js';

let dir: string;
let run: ReturnType<typeof runScript>;

beforeAll(() => {
  dir = scratchCheckout();
  run = runScript(dir, 'new:entity', 'zzq', '测试条目');
});
afterAll(() => removeScratch(dir));

describe('npm run new:entity -- zzq', () => {
  it('declares the resource in an area file of its own, gathered in resources.config.ts and in the 系统设置 menu', () => {
    expect(run.status, run.output).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src/resources/zzqs.ts'), 'utf8').replace(/\s+/g, ' ')).toContain(
      "api: 'zzq', table: 'zzqs', route: '/system/zzq'",
    );
    const config = fs.readFileSync(path.join(dir, 'resources.config.ts'), 'utf8');
    expect(config).toContain("import { zzqs } from './src/resources/zzqs';");
    // Laid out as Prettier lays it out: compared without whitespace.
    const bare = config.replace(/\s+/g, '');
    expect(bare).toMatch(/exportconstresources=\{[^}]*\.\.\.zzqs,?\};/);
    expect(bare).toMatch(/system:\{[^}]*items:\[[^\]]*'zzqs',?\]/);
  });

  it('writes the next migration, lists it in migrate.ts and types its table', () => {
    const name = fs.readdirSync(path.join(dir, 'server/schema/migrations')).find((f) => f.endsWith('_zzqs.ts'))!;
    expect(name, run.output).toBeTruthy();
    expect(fs.readFileSync(path.join(dir, 'server/schema/migrate.ts'), 'utf8')).toContain(`'${name.replace('.ts', '')}': zzqs(dialect),`);
    expect(fs.readFileSync(path.join(dir, 'server/schema/generated-tables.ts'), 'utf8')).toMatch(
      /export interface ZzqsTable \{\n {2}id: Generated<number>;\n {2}name: string;\n {2}create_at: number;\n\}/,
    );
    expect(runScript(dir, 'db:migration', 'again').output).toContain('没有需要写的迁移');
  });
});

describe.each(dbKinds)('the new resource on %s', (kind) => {
  let s: Helpers.TestServer;
  beforeAll(async () => {
    const helpers = await importFrom<typeof Helpers>(dir, 'tests/helpers/server.ts');
    s = await helpers.startServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is served to the sup at once: add, then list', async () => {
    const sup = await s.login('admin', 'Admin-pass-123');
    const added = await s.post('/api/zzq/add', { name: '第一条' }, sup);
    expect(added.code, added.message).toBe(200);
    const list = await s.post('/api/zzq/data', {}, sup);
    expect(list.code, list.message).toBe(200);
    expect(list.data.list.map((r: { name: string }) => r.name)).toEqual(['第一条']);
    expect(list.data.total).toBe(1);
  });

  it('is refused to a customer', async () => {
    const sup = await s.login('admin', 'Admin-pass-123');
    const customer = await s.addCustomer(sup, 'zzq_customer');
    const list = await s.post('/api/zzq/data', {}, customer.token);
    expect(list.code, list.message).toBe(403);
    expect(list.message).toMatch(/[\u4e00-\u9fff]/);
    expect(list.data?.list).toBeUndefined();
  });
});
