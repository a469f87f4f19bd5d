import type { Dialect } from './connection.js';

/**
 * The column types every migration uses. SQLite's INTEGER is 64-bit; PostgreSQL needs bigint for ms
 * times and cent sums, and bigserial for ids.
 */
export function columnTypes(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' as const : 'integer' as const;
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'bigserial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  return { big, id };
}
