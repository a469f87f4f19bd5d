import type { Compilable } from 'kysely';
import type { Database } from '../db/connection.js';

/**
 * Runs a Kysely query; on SQLite through a cached prepared statement, because Kysely's SQLite
 * driver prepares every statement anew, which dominates the cost of small hot-path reads.
 */
export async function fastRows<T>(database: Database, query: Compilable<T> & { execute(): Promise<T[]> }): Promise<T[]> {
  const { sqlite } = database;
  if (!sqlite) return query.execute();
  const compiled = query.compile();
  let statement = cache.get(sqlite)?.get(compiled.sql);
  if (!statement) {
    statement = sqlite.prepare(compiled.sql);
    if (!cache.has(sqlite)) cache.set(sqlite, new Map());
    cache.get(sqlite)!.set(compiled.sql, statement);
  }
  const params = compiled.parameters as unknown[];
  if (statement.reader) return statement.all(params) as T[];
  statement.run(params);
  return [];
}

type Statement = ReturnType<NonNullable<Database['sqlite']>['prepare']>;
const cache = new WeakMap<NonNullable<Database['sqlite']>, Map<string, Statement>>();
