import type { Compilable, Kysely } from 'kysely';
import type { Database } from './connection.js';
import type { DB } from './tables.js';
import { compileShape, parametersOf, value, type Shape } from './fast-query.js';

/**
 * Write transactions for the hottest write path (every inbound message), where building and
 * compiling Kysely queries and the promise hops between statements cost more than SQLite's work.
 * Statements are built and compiled once per database (`statement`), their values given by name
 * (`value`, as in fast-query.ts).
 * A transaction is written once, as a generator that yields statements and receives their results
 * (`writeTransaction`). On PostgreSQL it runs through Kysely's transaction. On SQLite it runs
 * synchronously on better-sqlite3, holding Kysely's connection so no other query interleaves, and
 * the transactions asked for in the same turn of the event loop share one BEGIN IMMEDIATE ... COMMIT
 * (each in a savepoint of its own: one that throws is undone alone). A commit writes every page the
 * transaction touched, and consecutive messages touch many of the same ones (the tables' and
 * indexes' last pages): under a burst, one commit for the lot instead of one each.
 * Like every write through Kysely, it empties the read caches.
 */

export { value };

interface Ready extends Shape {
  sqlite?: SqliteStatement;
}

export interface Statement {
  ready(database: Database): Ready;
}

/** A statement built and compiled once per database, its values named with `value(name)` where it is built. */
export function statement(build: (db: Kysely<DB>) => Compilable<unknown>): Statement {
  const compiled = new WeakMap<Database, Ready>();
  return {
    ready(database) {
      let r = compiled.get(database);
      if (!r) {
        const shape = compileShape(build(database.db).compile());
        r = { ...shape, sqlite: database.sqlite?.prepare(shape.query.sql) };
        compiled.set(database, r);
      }
      return r;
    },
  };
}

export interface StepResult {
  /** The rows a read (or a write with RETURNING) gave. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one type for every statement's rows: each body reads the columns its own statement selects
  rows: Record<string, any>[];
  /** The rows a write changed (with RETURNING: the rows it returned, on both databases). */
  changes: number;
}

export type Step = [Statement, Record<string, unknown>];
export type TransactionBody<T> = Generator<Step, T, StepResult>;

/** Runs `body`'s statements in one write transaction and resolves with what it returns, once committed; a throw undoes it. */
export async function writeTransaction<T>(database: Database, body: () => TransactionBody<T>): Promise<T> {
  if (database.sqlite) return queued(database, body);
  database.caches.clear();
  try {
    return await database.db.transaction().execute(async (trx) => {
      const steps = body();
      let next = steps.next();
      while (!next.done) {
        const [s, values] = next.value;
        const r = s.ready(database);
        const result = await trx.executeQuery({ ...r.query, parameters: parametersOf(r, values) });
        next = steps.next({ rows: result.rows as StepResult['rows'], changes: Number(result.numAffectedRows ?? 0) });
      }
      return next.value;
    });
  } finally {
    database.caches.clear();
  }
}

interface Queued {
  body: () => TransactionBody<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}
const queues = new WeakMap<Database, Queued[]>();

function queued<T>(database: Database, body: () => TransactionBody<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(database);
    if (!queue) {
      queues.set(database, (queue = []));
      setImmediate(() => void commitQueue(database));
    }
    queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
  });
}

/** The transactions asked for this turn: each in its savepoint, all in one commit; answered once committed. */
async function commitQueue(database: Database): Promise<void> {
  const queue = queues.get(database)!;
  queues.delete(database);
  const sqlite = database.sqlite!;
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    // Holding Kysely's one connection: no Kysely transaction is open meanwhile, none starts.
    await database.db.connection().execute(async () => {
      database.caches.clear();
      try {
        sqlite
          .transaction(() => {
            for (const q of queue) {
              try {
                // A transaction inside a transaction is a savepoint in better-sqlite3.
                outcomes.push({ ok: true, value: sqlite.transaction(() => drive(database, q.body()))() });
              } catch (error) {
                outcomes.push({ ok: false, error });
              }
            }
          })
          .immediate();
      } finally {
        database.caches.clear();
      }
    });
  } catch (error) {
    // Nothing was committed.
    for (const q of queue) q.reject(error);
    return;
  }
  queue.forEach((q, i) => {
    const o = outcomes[i];
    if (o.ok) q.resolve(o.value);
    else q.reject(o.error);
  });
}

function drive<T>(database: Database, steps: TransactionBody<T>): T {
  let next = steps.next();
  while (!next.done) {
    const [s, values] = next.value;
    const r = s.ready(database);
    const parameters = parametersOf(r, values);
    let result: StepResult;
    if (r.sqlite!.reader) {
      const rows = r.sqlite!.all(parameters) as StepResult['rows'];
      result = { rows, changes: /^\s*select\b/i.test(r.query.sql) ? 0 : rows.length };
    } else {
      result = { rows: [], changes: r.sqlite!.run(parameters).changes };
    }
    next = steps.next(result);
  }
  return next.value;
}

type SqliteStatement = ReturnType<NonNullable<Database['sqlite']>['prepare']>;
