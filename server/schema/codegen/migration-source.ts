import type { DeclaredColumn } from './declared.js';
import type { MigrationPlan } from './plan.js';

/**
 * The text of a migration file doing `plan`, in the form of the hand-written ones (column types from
 * `columnTypes(dialect)`, so it runs on SQLite and PostgreSQL). When the plan holds changes that must
 * be made by hand, its `up()` throws, naming them, until a developer makes them and empties the list.
 */
export function migrationSource(name: string, fn: string, plan: MigrationPlan): string {
  const steps = [
    ...plan.createTables.map(({ table, columns }) => createTable(table, columns)),
    ...plan.addColumns.map(({ table, column }) => addColumn(table, column)),
    ...plan.uniqueIndexes.map(({ table, column }) => uniqueIndex(table, column)),
  ];
  const all = steps.join('\n');
  const uses = ['big', 'id'].filter((t) => new RegExp(`\\b${t}\\(|, ${t}[,)]`).test(all));
  const lines = [
    "import type { Kysely } from 'kysely';",
    "import type { Dialect } from '../../platform/db/connection.js';",
    ...(uses.length ? ["import { columnTypes } from '../../platform/db/column-types.js';"] : []),
    '',
    ...(plan.refusals.length
      ? [
          '/**',
          ' * What the declaration changed that no generator makes on its own (data would be lost or rewritten).',
          ' * Make each change in up() below by hand, then empty this list; until then this migration refuses to run.',
          ' */',
          'const byHand: string[] = [',
          ...plan.refusals.map((r) => `  ${JSON.stringify(r)},`),
          '];',
          '',
        ]
      : []),
    '/**',
    ` * Written by \`npm run db:migration\` from the declaration (resources.config.ts): ${summary(plan)}.`,
    ' */',
    `export function ${fn}(dialect: Dialect) {`,
    ...(uses.length ? [`  const { ${uses.join(', ')} } = columnTypes(dialect);`] : ['  void dialect;']),
    '  return {',
    '    async up(db: Kysely<any>) {',
    ...(plan.refusals.length
      ? [
          `      if (byHand.length) throw new Error(\`迁移 ${name} 需要手工完成后才能运行（server/schema/migrations/${name}.ts）：\\n- \${byHand.join('\\n- ')}\`);`,
        ]
      : []),
    ...(steps.length ? [all] : ['      void db;']),
    '    },',
    '  };',
    '}',
    '',
  ];
  return lines.join('\n');
}

function summary(plan: MigrationPlan): string {
  const parts = [
    ...plan.createTables.map((t) => `the table ${t.table}`),
    ...plan.addColumns.map((a) => `${a.table}.${a.column.name}`),
    ...plan.uniqueIndexes.map((u) => `a unique index on ${u.table}.${u.column}`),
  ];
  if (plan.refusals.length) parts.push(`${plan.refusals.length} change(s) to make by hand`);
  return parts.join(', ');
}

function createTable(table: string, columns: DeclaredColumn[]): string {
  const head = `      await id(db.schema.createTable('${table}'))`;
  const body = columns.filter((c) => c.type !== 'id').map((c) => `        .addColumn('${c.name}', ${typeOf(c)}${constraints(c, false)})`);
  return [head, ...body, '        .execute();'].join('\n');
}

/**
 * A column added to a table that may hold rows: NOT NULL only with a default (SQLite refuses it
 * otherwise, and PostgreSQL would on a table with rows); a required field without one is checked by
 * the forms and stays nullable here.
 */
function addColumn(table: string, column: DeclaredColumn): string {
  return `      await db.schema.alterTable('${table}').addColumn('${column.name}', ${typeOf(column)}${constraints(column, true)}).execute();`;
}

/** A declared unique field's index: it fails to build while rows already share a value, naming the table. */
function uniqueIndex(table: string, column: string): string {
  return `      await db.schema.createIndex('${table}_${column}_unique').on('${table}').column('${column}').unique().execute();`;
}

function typeOf(c: DeclaredColumn): string {
  return c.type === 'big' ? 'big' : `'${c.type}'`;
}

function constraints(c: DeclaredColumn, adding: boolean): string {
  const parts: string[] = [];
  if (c.notNull && (!adding || c.default !== undefined)) parts.push('notNull()');
  if (c.default !== undefined) parts.push(`defaultTo(${literal(c.default)})`);
  return parts.length ? `, (c: any) => c.${parts.join('.')}` : '';
}

function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}
