import {
  PostgresDialect,
  PostgresDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryResult,
} from 'kysely';
import type { WriteHealth } from './disk-full.js';

const watched = new WeakSet<DatabaseConnection>();

/**
 * The driver's connection, every query's failure shown to `writes` before it is thrown on: a full
 * disk is seen wherever it happens (a request, a job, a migration). A connection is the driver's
 * own object, kept across acquisitions: it is wrapped once, in place.
 */
export function watchedConnection(connection: DatabaseConnection, writes: WriteHealth): DatabaseConnection {
  if (watched.has(connection)) return connection;
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    try {
      return await execute<R>(query);
    } catch (error) {
      writes.noteFailure(error);
      throw error;
    }
  };
  watched.add(connection);
  return connection;
}

class WatchedPostgresDriver extends PostgresDriver {
  constructor(
    config: PostgresDialectConfig,
    private readonly writes: WriteHealth,
  ) {
    super(config);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    return watchedConnection(await super.acquireConnection(), this.writes);
  }
}

export class WatchedPostgresDialect extends PostgresDialect {
  constructor(
    private readonly config: PostgresDialectConfig,
    private readonly writes: WriteHealth,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    return new WatchedPostgresDriver(this.config, this.writes);
  }
}
