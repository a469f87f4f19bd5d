import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './connection.js';
import type { DB } from './tables.js';

/**
 * A read built and compiled once per database and then run with fresh parameters, given in the
 * order the compiled query holds them (the values used when building are placeholders). For the
 * hottest reads (every request's session, the notices every page shows), where building and
 * compiling the query cost more than running it. On SQLite the statement is also prepared once
 * (Kysely's SQLite driver prepares every statement anew) and its rows are built by a function made
 * for its columns, which V8 runs several times faster than better-sqlite3's key-by-key row objects.
 */
export function prepared<T>(build: (db: Kysely<DB>) => Compilable<T>): (database: Database, parameters: unknown[]) => Promise<T[]> {
  return readyFor(build, async (r, database, parameters: unknown[]) => {
    if (parameters.length !== r.query.parameters.length) throw new Error('prepared query: wrong number of parameters');
    if (r.sqlite) return r.sqlite.statement.all(parameters).map(r.sqlite.row);
    const query: CompiledQuery<T> = { ...r.query, parameters };
    return (await database.db.executeQuery(query)).rows;
  });
}

/** `run` given the query `build` makes, compiled (and on SQLite prepared) once per database. */
function readyFor<T, A, R>(
  build: (db: Kysely<DB>) => Compilable<T>,
  run: (r: Ready<T>, database: Database, arg: A) => R,
): (database: Database, arg: A) => R {
  const ready = new WeakMap<Database, Ready<T>>();
  return (database, arg) => {
    let r = ready.get(database);
    if (!r) ready.set(database, (r = prepare(database, build(database.db).compile())));
    return run(r, database, arg);
  };
}

/**
 * A read of at most one row by one value (a key), for the hottest route: on SQLite the reads asked
 * for in one turn of the event loop run together right after it, in one read transaction (one
 * snapshot and one lock of the WAL for the lot instead of one each, and one callback): under load a
 * quarter less CPU per code read. On PostgreSQL each runs as `prepared` runs it.
 */
export function batchedRead<T>(build: (db: Kysely<DB>) => Compilable<T>): (database: Database, key: unknown) => Promise<T | undefined> {
  type Waiting = { key: unknown; resolve(row: T | undefined): void; reject(err: unknown): void };
  const batches = new WeakMap<Database, Waiting[]>();
  const run = readyFor(build, (r, database, batch: Waiting[]) => {
    const { statement, row } = r.sqlite!;
    const rows = database.sqlite!.transaction(() =>
      batch.map((b) => {
        const [found] = statement.all([b.key]);
        return found === undefined ? undefined : row(found);
      }),
    )();
    batch.forEach((b, i) => b.resolve(rows[i]));
  });
  const one = readyFor(
    build,
    async (r, database, key: unknown) => (await database.db.executeQuery<T>({ ...r.query, parameters: [key] })).rows[0],
  );
  return (database, key) => {
    if (!database.sqlite) return one(database, key);
    return new Promise((resolve, reject) => {
      let batch = batches.get(database);
      if (!batch) {
        batches.set(database, (batch = []));
        setImmediate(() => {
          batches.delete(database);
          try {
            run(database, batch!);
          } catch (err) {
            for (const b of batch!) b.reject(err);
          }
        });
      }
      batch.push({ key, resolve, reject });
    });
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

/**
 * A statement of a hot path (a write, or a read inside a transaction) built and compiled once per
 * dialect, then run with fresh values through the executor given: the database or a transaction.
 * Building and compiling a Kysely query cost more than running it. Where it is built, `value(name)`
 * stands for `values[name]` of each run, and `value(name, i)` for `values.rows[i][name]` (the rows of
 * a multi-row insert). `size` is a number the statement's text depends on (how many rows, a LIMIT):
 * each one up to MAX_CACHED_SIZE is compiled once, larger ones (rare, and worth their building) on
 * every run. (SQLite prepares a statement anew on every run when its LIMIT is a
 * bound value, so a LIMIT is written as `sql.lit(size)`.) The executor's plugins still see every run
 * (the read caches are emptied by writes). Values written literally when building stay as they were.
 */
export function statement<R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a value() marker stands in for a value of any column's type in the builder
  build: (db: Kysely<DB>, value: (name: string, row?: number) => any, size: number) => Compilable<R>,
): (executor: Kysely<DB>, values: Record<string, unknown>, size?: number) => Promise<QueryResult<R>> {
  const shapes = new WeakMap<object, Map<number, Shape<R>>>();
  return (executor, values, size = 0) => {
    const inner = executor.getExecutor();
    let bySize = shapes.get(inner.adapter);
    if (!bySize) shapes.set(inner.adapter, (bySize = new Map()));
    let shape = bySize.get(size);
    if (!shape) {
      shape = compileShape(build(executor, value, size).compile());
      if (size <= MAX_CACHED_SIZE) bySize.set(size, shape);
    }
    inner.transformQuery(shape.query.query, shape.query.queryId);
    return inner.executeQuery<R>({ ...shape.query, parameters: parametersOf(shape, values) });
  };
}

const MAX_CACHED_SIZE = 32;
const MARK = '\u0001value:';
/** A named value in a statement being built (see `statement`): `value('a')`, or `value('a', i)` for row i's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a marker string passed where Kysely expects a value of the column's type
export const value = (name: string, row = -1): any => `${MARK}${row}:${name}`;

export interface Shape<R = unknown> {
  query: CompiledQuery<R>;
  slots: { name?: string; row: number; constant?: unknown }[];
}

/** A compiled query whose parameters are `value()` markers (or constants the builder gave), ready to run with values. */
export function compileShape<R>(query: CompiledQuery<R>): Shape<R> {
  const slots = query.parameters.map((p) => {
    if (typeof p !== 'string' || !p.startsWith(MARK)) return { row: -1, constant: p };
    const [row, name] = [p.slice(MARK.length, p.indexOf(':', MARK.length)), p.slice(p.indexOf(':', MARK.length) + 1)];
    return { name, row: Number(row) };
  });
  return { query, slots };
}

/** The parameters of one run: each slot's value (`values[name]`, or `values.rows[row][name]`) or constant. */
export function parametersOf(shape: Shape<unknown>, values: Record<string, unknown>): unknown[] {
  const rows = values.rows as Record<string, unknown>[] | undefined;
  const parameters = shape.slots.map((s) => (s.name === undefined ? s.constant : s.row < 0 ? values[s.name] : rows![s.row][s.name]));
  if (parameters.includes(undefined)) throw new Error('statement: a value is missing');
  return parameters;
}
