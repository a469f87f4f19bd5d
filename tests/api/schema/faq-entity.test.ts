/**
 * The guide's first worked example (docs/adding-an-entity.md, "A worked example: FAQ") as written, in a
 * copy of the checkout: new:entity, the guide's access and fields over the `name` it wrote, the
 * unreleased migration deleted and written again whole by db:migration (the guide's text), the writes
 * filed under content. Then the copy compiles (tsc over the declaration, the console and the server,
 * as CI runs it), and on SQLite and PostgreSQL the sup writes FAQs that customers read and may not write.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Helpers from '../../helpers/server.js';
import { dbKinds } from '../../helpers/server.js';
import { importFrom, removeScratch, runScript, scratchCheckout } from '../../helpers/scratch-checkout.js';
import { guideBlock } from './owned-ticket.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const FIELDS = guideBlock('the fields and who may read them:');
const MIGRATION = guideBlock('which writes `server/schema/migrations/<next number>_faqs.ts`:');
const bare = (code: string) => code.replace(/\s+/g, '');

let dir: string;
const at = (file: string) => path.join(dir, file);
const read = (file: string) => fs.readFileSync(at(file), 'utf8');
const migrationNamed = (label: string) => fs.readdirSync(at('server/schema/migrations')).find((f) => f.endsWith(`_${label}.ts`));
let made: ReturnType<typeof runScript>;
let migrated: ReturnType<typeof runScript>;

beforeAll(() => {
  dir = scratchCheckout();
  // The whole console too, so that the copy compiles as the checkout does.
  fs.cpSync(path.join(ROOT, 'src'), at('src'), { recursive: true });
  made = runScript(dir, 'new:entity', 'faq', '常见问题');
  if (made.status !== 0) return;
  // The guide's access, sort and fields replace what new:entity wrote (its `name` field).
  const area = read('src/resources/faqs.ts');
  const written = /^ *access: [\s\S]*?^ *create_at: created,\n *\},\n/m.exec(area);
  expect(written, area).not.toBeNull();
  fs.writeFileSync(at('src/resources/faqs.ts'), area.replace(written![0], FIELDS));
  // Its migration was not released: deleted with its two lines in migrate.ts, then written again whole.
  const stem = migrationNamed('faqs')!.replace('.ts', '');
  fs.rmSync(at(`server/schema/migrations/${stem}.ts`));
  fs.writeFileSync(
    at('server/schema/migrate.ts'),
    read('server/schema/migrate.ts')
      .split('\n')
      .filter((l) => !l.includes(stem))
      .join('\n'),
  );
  migrated = runScript(dir, 'db:migration', 'faqs');
  // Its writes filed under content.
  const writes = read('server/audit/writes.ts');
  expect(writes).toContain("faqs: 'other',");
  fs.writeFileSync(at('server/audit/writes.ts'), writes.replace("faqs: 'other',", "faqs: 'content',"));
});
afterAll(() => removeScratch(dir));

/** tsc's errors over the copy's product (its tsconfig's files but the tests and benches it lacks), as text. */
function compileErrors(): string[] {
  const { config } = ts.readConfigFile(at('tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const rootNames = parsed.fileNames.filter((f) => !/^(tests|bench)\//.test(path.relative(dir, f)));
  const program = ts.createProgram({ rootNames, options: parsed.options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${path.relative(dir, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, ' ');
  });
}

describe('the FAQ walk-through, as the guide writes it', () => {
  it('new:entity declares faqs; db:migration writes the table whole, as the guide shows it', () => {
    expect(made.status, made.output).toBe(0);
    expect(migrated.status, migrated.output).toBe(0);
    const name = migrationNamed('faqs')!;
    expect(bare(read(`server/schema/migrations/${name}`))).toContain(bare(MIGRATION));
    expect(read('server/schema/migrate.ts')).toContain(`'${name.replace('.ts', '')}': faqs(dialect),`);
    expect(read('server/schema/generated-tables.ts')).toMatch(/export interface FaqsTable \{[^}]*\n {2}question: string;\n/);
    expect(runScript(dir, 'db:migration', 'again').output).toContain('没有需要写的迁移');
  });

  it('the copy compiles: the declaration, the console and the server, with no error', () => {
    expect(compileErrors()).toEqual([]);
  }, 300_000);
});

describe.each(dbKinds)('the FAQs on %s', (kind) => {
  let s: Helpers.TestServer;
  let sup: string;
  let customer: { id: number; token: string };
  beforeAll(async () => {
    const helpers = await importFrom<typeof Helpers>(dir, 'tests/helpers/server.ts');
    s = await helpers.startServer(kind);
    sup = await s.login('admin', 'Admin-pass-123');
    customer = await s.addCustomer(sup, 'faq_reader');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the sup writes them; customers read them in the declared order, and may not write', async () => {
    for (const [question, sort] of [
      ['怎么充值？', 2],
      ['验证码多久到？', 1],
    ] as const) {
      const added = await s.post('/api/faq/add', { question, answer: `<p>${question}的回答</p>`, sort }, sup);
      expect(added.code, added.message).toBe(200);
    }
    const list = await s.post('/api/faq/data', {}, customer.token);
    expect(list.code, list.message).toBe(200);
    expect(list.data.list.map((r: { question: string; published: boolean }) => [r.question, r.published])).toEqual([
      ['验证码多久到？', true],
      ['怎么充值？', true],
    ]);
    const before = await s.snapshot();
    const refused = await s.post('/api/faq/add', { question: '客户写的', answer: '<p>不行</p>' }, customer.token);
    expect(refused.code).toBe(403);
    expect(refused.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await s.snapshot()).toBe(before);
  });

  it('its writes are audited under content', async () => {
    // The main checkout's table types do not know the copy's new action: read as text.
    const rows = (await s.database.db.selectFrom('audit').select(['action', 'category']).execute()).filter((r) =>
      String(r.action).startsWith('faq.'),
    );
    expect(rows.map((r) => [String(r.action), r.category])).toEqual([
      ['faq.add', 'content'],
      ['faq.add', 'content'],
    ]);
  });
});
