/**
 * `npm run new:entity -- <api> [label]`: declares a resource `<api>s` the sup keeps (table `<api>s`,
 * `/api/<api>/…`, route `/system/<api>`, a `name` field, an item in the 系统设置 menu) in its own area
 * file src/resources/<api>s.ts, gathered in resources.config.ts and named in the audit trail; then
 * runs db:migration for its table and table types. The generic routes serve it as they serve every
 * declared resource: nothing on the server is written by hand.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { areaFile, entityOf, withAuditCategory, withAuditLabels, withEntityInConfig, type Entity } from './entity-source.js';
import { ROOT } from './schema-sources.js';
import { writeFormatted } from './format.js';

const CONFIG = path.join(ROOT, 'resources.config.ts');
const AUDIT_AREA = path.join(ROOT, 'src', 'resources', 'audit.ts');
const AUDIT_WRITES = path.join(ROOT, 'server', 'audit', 'writes.ts');

let entity: Entity;
try {
  entity = entityOf(process.argv[2] ?? '', process.argv[3]);
} catch (e) {
  console.error(`${(e as Error).message}\n用法：npm run new:entity -- <接口名> [中文名称]（例如 faq 常见问题）`);
  process.exit(2);
}

const area = path.join(ROOT, 'src', 'resources', `${entity.name}.ts`);
const config = fs.readFileSync(CONFIG, 'utf8');
if (fs.existsSync(area) || new RegExp(`\\b${entity.name}\\b`).test(config) || config.includes(`/api/${entity.api}/`)) {
  console.error(`${entity.name} 已经存在（src/resources/${entity.name}.ts 或 resources.config.ts），没有改动任何文件`);
  process.exit(1);
}

// Every text is made before any file is written: a file of unexpected shape leaves all of them as they were.
const texts: [string, string][] = [
  [area, areaFile(entity)],
  [CONFIG, withEntityInConfig(config, entity)],
  [AUDIT_AREA, withAuditLabels(fs.readFileSync(AUDIT_AREA, 'utf8'), entity)],
  [AUDIT_WRITES, withAuditCategory(fs.readFileSync(AUDIT_WRITES, 'utf8'), entity)],
];
await writeFormatted(texts);
console.log(`已声明资源 ${entity.name}（/api/${entity.api}/…，菜单 系统设置 → ${entity.label}）：`);
for (const [file] of texts) console.log(`  ${path.relative(ROOT, file)}`);

// A fresh process reads the declaration as it is now.
const migration = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'db-migration.ts'), entity.name], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(migration.status ?? 1);
