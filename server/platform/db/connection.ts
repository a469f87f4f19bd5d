import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import type { DB } from './tables.js';
import { ReadCaches } from './read-cache.js';
import { startCheckpointer } from './checkpointer.js';
import { WriteHealth } from './disk-full.js';
import { WatchedPostgresDialect, watchedConnection } from './watched-writes.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The raw SQLite handle, for the few hot paths that keep prepared statements. */
  sqlite?: SQLite.Database;
  /** Short-lived caches of hot reads, emptied by every write through `db`. */
  caches: ReadCaches;
  /** PostgreSQL's pool (its options open a dedicated connection for LISTEN, server/links/code-wake-pg.ts). */
  pgPool?: pg.Pool;
  /** Whether writes are failing for want of disk space (every query's failure is looked at). */
  writes: WriteHealth;
  close(): Promise<void>;
}

// bigint (20) and numeric (1700, the type of SUM over bigint) arrive as strings from pg; our
// values are cents and epoch ms, far inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface ConnectOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to work in (tests use a fresh one each). */
  schema?: string;
  /** SQLite file name inside dataDir. */
  file?: string;
  /** How long hot reads may be served from the process's cache (ms); 0 turns it off. */
  readCacheMs?: number;
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  const caches = new ReadCaches(opts.readCacheMs ?? 1000);
  if (opts.databaseUrl) return connectPostgres(postgresUrl(opts.databaseUrl), caches, opts.schema);
  return connectSqlite(path.join(opts.dataDir, opts.file ?? 'app.db'), caches);
}

/** A database address that is not PostgreSQL's (mysql://…, a typo). */
export class DatabaseUrlError extends Error {}

/** Only PostgreSQL is spoken besides SQLite: any other address is refused, never served from SQLite instead. */
function postgresUrl(url: string): string {
  if (!/^postgres(ql)?:\/\/./i.test(url.trim())) {
    throw new DatabaseUrlError(
      'DATABASE_URL 必须是 PostgreSQL 的地址（以 postgres:// 或 postgresql:// 开头）；留空则使用 DATA_DIR 下的 SQLite',
    );
  }
  return url.trim();
}

/**
 * Several processes may write one SQLite file (`npm start` twice, a backup or admin script). A
 * transaction that begins as a reader and then writes cannot wait for another process's write: its
 * snapshot is stale and SQLite answers "database is locked" at once. So every transaction takes the
 * write lock when it begins (BEGIN IMMEDIATE), where the busy timeout lets it wait its turn.
 * better-sqlite3 waits synchronously, holding this process's event loop: write transactions must stay
 * short (no slow work, such as password hashing, inside them).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly writes: WriteHealth,
  ) {
    super(config);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    return watchedConnection(await super.acquireConnection(), this.writes);
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /**
   * SQLite ends the whole transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM):
   * a ROLLBACK then fails with "cannot rollback - no transaction is active" and would take the place of
   * the error that mattered. Nothing is left to roll back then.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly writes: WriteHealth,
  ) {
    super(config);
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.config, this.sqlite, this.writes);
  }
}

/** How long a writer waits for another process's write transaction before giving up (ms). */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * The folder and the file are created readable by their owner only: the database holds password
 * hashes and sealed secrets. SQLite gives the -wal and -shm files it makes the database file's mode.
 */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

function connectSqlite(file: string, caches: ReadCaches): Database {
  createPrivately(file);
  const sqlite = new SQLite(file, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  // Reads of hot rows spread over a large table (a code read picks one link of 100,000s) stay in
  // memory instead of a read() system call per page: the file mapped, and a bigger page cache.
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -32768');
  const writes = new WriteHealth();
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: reusingStatements(sqlite) }, sqlite, writes),
    plugins: [caches.plugin()],
  });
  const checkpointer = startCheckpointer(sqlite, file);
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    caches,
    writes,
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

const STATEMENTS = 500;

/**
 * The handle Kysely's SQLite driver is given: it prepares every query anew (a sizeable share of a
 * purchase's time); this keeps the most recently used statements by their SQL and reuses them.
 * Kysely runs each one to completion (all/run) before the next, so one statement is never busy twice.
 */
function reusingStatements(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENTS) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before giving up:
 * long enough for a busy pool's queue under load (a burst must wait its turn, not fail), short enough
 * that a database that never answers gives a 503 in seconds rather than a hang. A stopped database
 * refuses connections at once.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connection PostgreSQL ends (a restart, a failover, the network) emits 'error' on its client,
 * idle in the pool or held between two queries of a transaction; unheard, that event ends the
 * process. The pool drops such a client and opens a new one for the next query; the query that was
 * using it fails, and its request answers 503 (unavailable.ts), so the process recovers by itself.
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

async function connectPostgres(url: string, caches: ReadCaches, schema?: string): Promise<Database> {
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await client.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that does not answer fails the request within seconds (HTTP 503) instead of holding it.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  });
  survivesLostConnections(pool);
  const writes = new WriteHealth();
  const db = new Kysely<DB>({ dialect: new WatchedPostgresDialect({ pool }, writes), plugins: [caches.plugin()] });
  return { db, dialect: 'postgres', caches, pgPool: pool, writes, close: () => db.destroy() };
}
