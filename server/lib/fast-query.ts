import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../db/connection.js';
import type { DB } from '../db/schema.js';

/**
 * A read built and compiled once per database and then run with fresh parameters, given in the
 * order the compiled query holds them (the values used when building are placeholders). For the
 * hottest reads (every request's session, the notices every page shows), where building and
 * compiling the query cost more than running it. On SQLite the statement is also prepared once
 * (Kysely's SQLite driver prepares every statement anew) and its rows are built by a function made
 * for its columns, which V8 runs several times faster than better-sqlite3's key-by-key row objects.
 */
export function prepared<T>(build: (db: Kysely<DB>) => Compilable<T>): (database: Database, parameters: unknown[]) => Promise<T[]> {
  const ready = new WeakMap<Database, Ready<T>>();
  return async (database, parameters) => {
    let r = ready.get(database);
    if (!r) {
      r = prepare(database, build(database.db).compile());
      ready.set(database, r);
    }
    if (parameters.length !== r.query.parameters.length) throw new Error('prepared query: wrong number of parameters');
    if (r.sqlite) return r.sqlite.statement.all(parameters).map(r.sqlite.row);
    const query: CompiledQuery<T> = { ...r.query, parameters };
    return (await database.db.executeQuery(query)).rows;
  };
}

interface Ready<T> {
  query: CompiledQuery<T>;
  sqlite?: { statement: Statement; row: (values: unknown) => T };
}

function prepare<T>(database: Database, query: CompiledQuery<T>): Ready<T> {
  if (!database.sqlite) return { query };
  const statement = database.sqlite.prepare(query.sql);
  if (!statement.reader) throw new Error('prepared() is for reads');
  statement.raw(true);
  const fields = statement.columns().map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`);
  // Column names come from our own compiled query and are quoted by JSON.stringify.
  const row = new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown) => T;
  return { query, sqlite: { statement, row } };
}

type Statement = ReturnType<NonNullable<Database['sqlite']>['prepare']>;
