import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './connection.js';
import { foundation } from './migrations/001_foundation.js';
import { jobs } from './migrations/002_jobs.js';
import { manualDebit } from './migrations/008_manual_debit.js';

/** One list of migrations for both databases; the dialect only picks column types. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_foundation': foundation(dialect),
    '002_jobs': jobs(dialect),
    '008_manual_debit': manualDebit(dialect),
  };
}

export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // On PostgreSQL, name the schema this connection works in: without it Kysely takes its bookkeeping
  // tables found in any schema (another process's test schema) for this one's.
  const schema = dialect === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Features land in parallel: a migration merged later may sort before one already applied.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
