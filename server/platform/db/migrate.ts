import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './connection.js';
import { foundation } from '../../schema/migrations/001_foundation.js';
import { jobs } from '../../schema/migrations/002_jobs.js';
import { usernameCase } from '../../schema/migrations/003_username_case.js';
import { commerce } from '../../schema/migrations/004_commerce.js';
import { usdt } from '../../schema/migrations/005_usdt.js';
import { manualDebit } from '../../schema/migrations/008_manual_debit.js';
import { apiKeys } from '../../schema/migrations/007_api_keys.js';
import { intake } from '../../schema/migrations/006_intake.js';
import { upstream } from '../../schema/migrations/009_upstream.js';
import { statParts } from '../../schema/migrations/010_stat_parts.js';
import { intakeIndexes } from '../../schema/migrations/010b_intake_indexes.js';
import { providerKeysSealed } from '../../schema/migrations/010c_provider_keys_sealed.js';
import type { Settings } from '../../env.js';

/** Settings a migration may need: the secret key that seals stored secrets (010c). */
type MigrationSettings = Pick<Settings, 'deviceSecretKey' | 'dataDir'>;

/** One list of migrations for both databases; the dialect only picks column types. */
function migrations(dialect: Dialect, settings?: MigrationSettings): Record<string, Migration> {
  return {
    '001_foundation': foundation(dialect),
    '002_jobs': jobs(dialect),
    '003_username_case': usernameCase(dialect),
    '004_commerce': commerce(dialect),
    '005_usdt': usdt(dialect),
    '008_manual_debit': manualDebit(dialect),
    '007_api_keys': apiKeys(dialect),
    '006_intake': intake(dialect),
    '009_upstream': upstream(dialect),
    '010_stat_parts': statParts(dialect),
    '010b_intake_indexes': intakeIndexes(dialect),
    '010c_provider_keys_sealed': providerKeysSealed(dialect, settings),
  };
}

export async function migrate(db: Kysely<any>, dialect: Dialect, settings?: MigrationSettings): Promise<void> {
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db: schema ? scopedToSchema(db, schema) : db,
    provider: { getMigrations: async () => migrations(dialect, settings) },
    // Features land in parallel: a migration merged later may sort before one already applied.
    allowUnorderedMigrations: true,
    // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema unless told which: another
    // schema's (another app's, another test's) would be taken for ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}

async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0].schema;
}

/**
 * The database as the migrator sees it on PostgreSQL: its introspection looks at our schema only.
 * Kysely's own reads every schema's columns, and fails ("schema ... does not exist") when another
 * schema on the server is dropped at that moment (another app's, a finished test's).
 */
function scopedToSchema(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection = {
    getSchemas: async () => [{ name: schema }],
    getTables: async () => {
      const { rows } = await sql<{ name: string; type: string }>`
        select table_name as name, table_type as type from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.type === 'VIEW', columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
