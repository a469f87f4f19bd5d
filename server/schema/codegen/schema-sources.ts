import fs from 'node:fs';
import path from 'node:path';
import { resources } from '../../../resources.config.js';
import { migrations } from '../migrate.js';
import { tableNotes } from '../table-notes.js';
import { declaredTables, type DeclaredTable } from './declared.js';
import { migratedSchema, type MigratedSchema } from './migrated.js';
import { tableTypesSource } from './table-types.js';

/** The checkout these files belong to (a copy's own, when a copy runs them). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'schema', 'migrations');
export const MIGRATE_TS = path.join(ROOT, 'server', 'schema', 'migrate.ts');
export const GENERATED_TABLES = path.join(ROOT, 'server', 'schema', 'generated-tables.ts');
const PLATFORM_TABLES = path.join(ROOT, 'server', 'platform', 'db', 'tables.ts');

/** What the generators compare: the declaration's tables and the migrated schema. */
export async function schemaSources(): Promise<{ declared: Map<string, DeclaredTable>; migrated: MigratedSchema }> {
  return { declared: declaredTables(resources), migrated: await migratedSchema(migrations) };
}

/** The generated table types as they should read now. */
export async function currentTableTypes(): Promise<string> {
  const { declared, migrated } = await schemaSources();
  return tableTypesSource({ declared, migrated, notes: tableNotes, platformTables: platformTables() });
}

/** The tables of the platform's own `DB` interface (it types them itself). */
function platformTables(): Set<string> {
  const text = fs.readFileSync(PLATFORM_TABLES, 'utf8');
  const body = /export interface DB \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return new Set([...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]));
}
