/**
 * One source for the columns: the migrations make the tables; `server/schema/tables.ts` (with the
 * platform's own tables in `server/platform/db/tables.ts`) says what the code may read of them; the
 * declaration (`resources.config.ts`) says which fields each resource stores. A fresh database is
 * migrated, on SQLite and on PostgreSQL, and each of the three is held against it: a mismatch names
 * the table and the column or field.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../resources.config.js';
import { connect, type Database } from '../../../server/platform/db/connection.js';
import { migrate } from '../../../server/schema/migrate.js';
import { dbKinds, type DbKind } from '../../helpers/server.js';

interface Column {
  name: string;
  nullable: boolean;
  numeric: boolean;
}

const TABLE_FILES = ['server/platform/db/tables.ts', 'server/schema/generated-tables.ts'];

/** Each table of the `DB` interface (both declarations merged) with its columns as the code types them. */
function typedTables(): Map<string, Column[]> {
  const program = ts.createProgram(TABLE_FILES, { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const tables = new Map<string, Column[]>();
  for (const file of TABLE_FILES) {
    const source = program.getSourceFile(file)!;
    ts.forEachChild(source, function visit(node): void {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'DB') {
        for (const member of node.members) {
          if (!ts.isPropertySignature(member) || !member.type) continue;
          const table = (member.name as ts.Identifier).text;
          const type = checker.getTypeFromTypeNode(member.type);
          tables.set(
            table,
            checker.getPropertiesOfType(type).map((p) => columnOf(checker, p, member)),
          );
        }
      }
      ts.forEachChild(node, visit);
    });
  }
  return tables;
}

/** A property's column: nullable when its type admits null; numeric when it is a number (Generated<number> too). */
function columnOf(checker: ts.TypeChecker, property: ts.Symbol, at: ts.Node): Column {
  const text = checker.typeToString(checker.getTypeOfSymbolAtLocation(property, at));
  return { name: property.name, nullable: /\bnull\b/.test(text), numeric: /\bnumber\b/.test(text) && !/\bstring\b/.test(text) };
}

async function migratedTables(database: Database): Promise<Map<string, Column[]>> {
  const tables = new Map<string, Column[]>();
  if (database.dialect === 'sqlite') {
    const names = database
      .sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'")
      .all() as { name: string }[];
    for (const { name } of names) {
      const info = database.sqlite!.prepare(`PRAGMA table_info("${name}")`).all() as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[];
      tables.set(
        name,
        info.map((c) => ({ name: c.name, nullable: !c.notnull && !c.pk, numeric: /INT|REAL|NUM/i.test(c.type) })),
      );
    }
  } else {
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string; data_type: string }>`
      SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely_%' ORDER BY table_name, ordinal_position`.execute(database.db);
    for (const r of rows) {
      const list = tables.get(r.table_name) ?? [];
      list.push({ name: r.column_name, nullable: r.is_nullable === 'YES', numeric: /int|numeric|real|double/.test(r.data_type) });
      tables.set(r.table_name, list);
    }
  }
  return tables;
}

const typed = typedTables();

describe.each(dbKinds)('the columns on %s', (kind: DbKind) => {
  let database: Database;
  let migrated: Map<string, Column[]>;
  let dir: string | undefined;
  const schema = `cols_${crypto.randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    if (kind === 'postgres') {
      database = await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema, readCacheMs: 0 });
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'columns-'));
      database = await connect({ dataDir: dir, readCacheMs: 0 });
    }
    await migrate(database.db, database.dialect, { dataDir: dir ?? os.tmpdir(), secretKey: 'columns-test' });
    migrated = await migratedTables(database);
  });
  afterAll(async () => {
    if (kind === 'postgres') await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the table types (server/schema/generated-tables.ts) type every migrated table, and no other', () => {
    expect([...typed.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it("each table's typed columns are its migrated columns, nullable and numeric alike", () => {
    const differences: string[] = [];
    for (const [table, columns] of migrated) {
      const mine = new Map((typed.get(table) ?? []).map((c) => [c.name, c]));
      for (const column of columns) {
        const t = mine.get(column.name);
        if (!t) differences.push(`${table}.${column.name}: a column the code does not type`);
        else if (t.nullable !== column.nullable)
          differences.push(
            `${table}.${column.name}: ${column.nullable ? 'nullable' : 'not null'} in the database, typed ${t.nullable ? 'nullable' : 'not null'}`,
          );
        else if (t.numeric !== column.numeric)
          differences.push(
            `${table}.${column.name}: ${column.numeric ? 'a number' : 'text'} in the database, typed ${t.numeric ? 'a number' : 'text'}`,
          );
        mine.delete(column.name);
      }
      for (const name of mine.keys()) differences.push(`${table}.${name}: typed, but no such column`);
    }
    expect(differences).toEqual([]);
  });

  it("every stored field of the declaration is a column of its resource's table", () => {
    const missing: string[] = [];
    for (const [name, def] of Object.entries(resources)) {
      const columns = new Set((migrated.get(def.table) ?? []).map((c) => c.name));
      if (!columns.size) missing.push(`${name}: table ${def.table} does not exist`);
      for (const [field, f] of Object.entries(def.fields as Record<string, { computed?: boolean }>)) {
        if (!f.computed && !columns.has(field))
          missing.push(`${name}.${field}: not a column of ${def.table} (mark it computed: true if the server computes it)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('no field marked computed is a column (it would be read from the table, not computed)', () => {
    const stored: string[] = [];
    for (const [name, def] of Object.entries(resources)) {
      const columns = new Set((migrated.get(def.table) ?? []).map((c) => c.name));
      for (const [field, f] of Object.entries(def.fields as Record<string, { computed?: boolean }>)) {
        if (f.computed && columns.has(field)) stored.push(`${name}.${field}`);
      }
    }
    expect(stored).toEqual([]);
  });
});
