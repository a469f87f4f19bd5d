/**
 * `npm run db:migration -- <label>`: compares the declaration (resources.config.ts: each resource's
 * table and its stored fields) with the schema the migrations make, and writes the next migration
 * (server/schema/migrations/NNN_<label>.ts: new tables, new columns), adds it to the list in
 * server/schema/migrate.ts, names it in CHANGELOG.md's newest release and regenerates the table types.
 * A change it must not make on its own (a column's type changed, a field or a resource dropped) is
 * written into a migration that refuses to run until a developer makes it by hand. With nothing to do
 * it says so and writes nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { declaredColumns } from '../generated-tables.js';
import { migrationSource } from './migration-source.js';
import { isEmpty, planMigration } from './plan.js';
import { migrationFunction, migrationLabel, nextMigrationNumber, registerMigration } from './register.js';
import { MIGRATE_TS, MIGRATIONS_DIR, ROOT, schemaSources } from './schema-sources.js';
import { writeFormatted } from './format.js';
import { changelogLine, withChangelogEntry } from './changelog-entry.js';

const raw = process.argv[2];
if (!raw) {
  console.error('用法：npm run db:migration -- <名称>（例如 faqs）');
  process.exit(2);
}
let label: string;
try {
  label = migrationLabel(raw);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}

const { declared, migrated } = await schemaSources().catch((e: Error) => {
  // A migration that refuses to run (written for changes to make by hand) says why in its message.
  console.error(e.message);
  process.exit(1);
});
const plan = planMigration(declared, migrated, declaredColumns);
if (isEmpty(plan)) {
  console.log('数据库结构与声明一致，没有需要写的迁移');
  process.exit(0);
}

const number = nextMigrationNumber(fs.readdirSync(MIGRATIONS_DIR));
const name = `${number}_${label}`;
const file = path.join(MIGRATIONS_DIR, `${name}.ts`);
const migrateTs = fs.readFileSync(MIGRATE_TS, 'utf8');
const fn = migrationFunction(label, number, migrateTs);
await writeFormatted([
  [file, migrationSource(name, fn, plan)],
  [MIGRATE_TS, registerMigration(migrateTs, name, fn)],
]);
console.log(`已写入 ${path.relative(ROOT, file)}，并登记在 server/schema/migrate.ts`);
// Named in the release that brings it (a first draft of the line: say what it changes for an operator).
const changelog = path.join(ROOT, 'CHANGELOG.md');
if (fs.existsSync(changelog)) {
  fs.writeFileSync(changelog, withChangelogEntry(fs.readFileSync(changelog, 'utf8'), name, plan));
  console.log(`已在 CHANGELOG.md 最新版本的 Migrations 下写入：${changelogLine(name, plan)}`);
}
for (const t of plan.createTables) console.log(`  新表 ${t.table}：${t.columns.map((c) => c.name).join(', ')}`);
for (const a of plan.addColumns) console.log(`  新列 ${a.table}.${a.column.name}`);
for (const u of plan.uniqueIndexes) console.log(`  唯一索引 ${u.table}.${u.column}`);

if (plan.refusals.length) {
  console.log(`以下改动需要手工完成，完成前这个迁移会拒绝运行（编辑 ${path.relative(ROOT, file)}，然后运行 npm run db:types）：`);
  for (const r of plan.refusals) console.log(`  - ${r}`);
  process.exit(0);
}

// The types are read from the schema with this migration applied: a fresh process loads the new list.
const types = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'db-types.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(types.status ?? 1);
