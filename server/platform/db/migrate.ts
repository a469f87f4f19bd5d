import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './connection.js';

/**
 * Brings the database to the newest of `migrations` (name: migration; applied in name order, each
 * once). The same list runs on both databases; a migration's dialect only picks column types.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator and Migration take a Kysely<any>: migrations write tables no type holds yet
export async function runMigrations(db: Kysely<any>, dialect: Dialect, migrations: Record<string, Migration>): Promise<void> {
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db: schema ? scopedToSchema(db, schema) : db,
    provider: { getMigrations: async () => migrations },
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

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0].schema;
}

/**
 * The database as the migrator sees it on PostgreSQL: its introspection looks at our schema only.
 * Kysely's own reads every schema's columns, and fails ("schema ... does not exist") when another
 * schema on the server is dropped at that moment (another app's, a finished test's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator's database (see runMigrations)
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
