/**
 * `npm run db:types`: writes server/schema/generated-tables.ts from the migrated schema and the
 * declaration (db:migration runs it after writing a migration).
 */
import fs from 'node:fs';
import path from 'node:path';
import { currentTableTypes, GENERATED_TABLES, ROOT } from './schema-sources.js';

let text: string;
try {
  text = await currentTableTypes();
} catch (e) {
  // A migration that refuses to run (written for changes to make by hand) says why in its message.
  console.error((e as Error).message);
  process.exit(1);
}
const before = fs.existsSync(GENERATED_TABLES) ? fs.readFileSync(GENERATED_TABLES, 'utf8') : '';
if (text === before) {
  console.log(`${path.relative(ROOT, GENERATED_TABLES)} 已是最新`);
} else {
  fs.writeFileSync(GENERATED_TABLES, text);
  console.log(`已更新 ${path.relative(ROOT, GENERATED_TABLES)}`);
}
