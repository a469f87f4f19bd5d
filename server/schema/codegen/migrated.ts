import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseIntrospector, Migration } from 'kysely';
import { connect } from '../../platform/db/connection.js';
import { runMigrations } from '../../platform/db/migrate.js';

/** A column of the migrated schema, as the code may read it. */
export interface MigratedColumn {
  name: string;
  /** As the migration wrote it (`integer`, `varchar(32)`, `text`…). */
  dataType: string;
  numeric: boolean;
  nullable: boolean;
  /** The database fills it when an insert leaves it out: a default or an id it counts. */
  generated: boolean;
  /** A unique index (or constraint) on this column alone. */
  unique: boolean;
}

export type MigratedSchema = Map<string, MigratedColumn[]>;

/**
 * The schema the migrations make: they run on a fresh SQLite file in a temp folder, which is then
 * read with Kysely's introspection. SQLite stands for both databases: the migrations make the same
 * columns on each (tests/api/schema/columns.test.ts holds the types against both).
 */
export async function migratedSchema(
  migrations: (dialect: 'sqlite', settings: { secretKey: string; dataDir: string }) => Record<string, Migration>,
): Promise<MigratedSchema> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-'));
  const database = await connect({ dataDir: dir, readCacheMs: 0 });
  try {
    await runMigrations(database.db, 'sqlite', migrations('sqlite', { secretKey: 'schema-codegen', dataDir: dir }));
    return await introspect(database.db, database.sqlite!);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface PragmaColumn {
  name: string;
  pk: number;
}
interface PragmaIndex {
  name: string;
  unique: number;
  partial: number;
}

/** The columns that a unique, whole-table index covers alone (not an expression's, not a partial one's). */
function uniqueColumns(sqlite: { prepare(sql: string): { all(): unknown[] } }, table: string): Set<string> {
  const out = new Set<string>();
  for (const index of sqlite.prepare(`PRAGMA index_list("${table}")`).all() as PragmaIndex[]) {
    if (!index.unique || index.partial) continue;
    const columns = sqlite.prepare(`PRAGMA index_info("${index.name}")`).all() as { name: string | null }[];
    if (columns.length === 1 && columns[0].name) out.add(columns[0].name);
  }
  return out;
}

async function introspect(
  db: { introspection: DatabaseIntrospector },
  sqlite: { prepare(sql: string): { all(): unknown[]; get(): unknown } },
): Promise<MigratedSchema> {
  const schema: MigratedSchema = new Map();
  const tables = await db.introspection.getTables();
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (table.isView || table.name.startsWith('kysely_')) continue;
    // Kysely takes any single integer primary key for a counted id; only AUTOINCREMENT ones are.
    const pragma = sqlite.prepare(`PRAGMA table_info("${table.name}")`).all() as PragmaColumn[];
    const createSql = (
      sqlite.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${table.name}'`).get() as { sql: string }
    ).sql;
    const unique = uniqueColumns(sqlite, table.name);
    const counted = (name: string) => new RegExp(`"?${name}"?\\s+integer\\s+primary key autoincrement`, 'i').test(createSql);
    schema.set(
      table.name,
      table.columns.map((c) => {
        const pk = pragma.find((p) => p.name === c.name)?.pk ?? 0;
        return {
          name: c.name,
          dataType: c.dataType.toLowerCase(),
          numeric: /int|real|num|double|float|dec/i.test(c.dataType),
          // SQLite lets a primary key other than an integer one be null; PostgreSQL does not, nor does the code.
          nullable: c.isNullable && !pk,
          generated: c.hasDefaultValue || counted(c.name),
          unique: unique.has(c.name),
        };
      }),
    );
  }
  return schema;
}
