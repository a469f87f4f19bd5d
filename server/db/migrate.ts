import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './connection.js';
import { foundation } from './migrations/001_foundation.js';
import { jobs } from './migrations/002_jobs.js';
import { commerce } from './migrations/004_commerce.js';

/** One list of migrations for both databases; the dialect only picks column types. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_foundation': foundation(dialect),
    '002_jobs': jobs(dialect),
    '004_commerce': commerce(dialect),
  };
}

export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Kysely looks for its own tables in every schema it can see unless told which: another schema's
  // (another app or test on the same PostgreSQL) would make it skip creating ours.
  const schema = dialect === 'postgres'
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
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
