import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './connection.js';

/**
 * The column types every migration uses. SQLite's INTEGER is 64-bit; PostgreSQL needs bigint for ms
 * times and cent sums, and bigserial for ids.
 */
export function columnTypes(dialect: Dialect) {
  const big = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  const id = <T extends string, C extends string>(t: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | 'id'> =>
    dialect === 'postgres'
      ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return { big, id };
}
