import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './connection.js';
import { foundation } from './migrations/001_foundation.js';
import { jobs } from './migrations/002_jobs.js';
import { usdt } from './migrations/005_usdt.js';

/** One list of migrations for both databases; the dialect only picks column types. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_foundation': foundation(dialect),
    '002_jobs': jobs(dialect),
    '005_usdt': usdt(dialect),
  };
}

export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: on a PostgreSQL shared by
  // several schemas (tests run side by side) it would find another schema's and skip making ours.
  const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s : undefined;
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations(dialect) },
    // Features land in parallel: a migration merged later may sort before one already applied.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
