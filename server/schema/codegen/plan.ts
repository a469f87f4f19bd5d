import type { DeclaredColumn, DeclaredTable } from './declared.js';
import type { MigratedSchema } from './migrated.js';

/** What the next migration has to do to bring the migrated schema to the declaration. */
export interface MigrationPlan {
  /** New tables, each with its declared columns (the id first). */
  createTables: { table: string; columns: DeclaredColumn[] }[];
  /** New columns of tables that exist. */
  addColumns: { table: string; column: DeclaredColumn }[];
  /** Unique indexes on one column each, for declared `unique` fields (of new tables and of tables that exist). */
  uniqueIndexes: { table: string; column: string }[];
  /** Changes a generator must not make on its own (data would be lost or rewritten), in Chinese. */
  refusals: string[];
}

export function isEmpty(plan: MigrationPlan): boolean {
  return !plan.createTables.length && !plan.addColumns.length && !plan.uniqueIndexes.length && !plan.refusals.length;
}

/**
 * Compares the declaration with the migrated schema. `previous` is the declared columns of each table
 * when the table types were last generated: a column declared then and not now, still in the table,
 * is a dropped field (a dropped resource, a dropped table).
 */
export function planMigration(
  declared: Map<string, DeclaredTable>,
  migrated: MigratedSchema,
  previous: Readonly<Record<string, readonly string[]>>,
): MigrationPlan {
  const plan: MigrationPlan = { createTables: [], addColumns: [], uniqueIndexes: [], refusals: [] };
  for (const table of declared.values()) {
    const existing = migrated.get(table.name);
    if (!existing) {
      const columns = [...table.columns.values()];
      plan.createTables.push({
        table: table.name,
        columns: [...columns.filter((c) => c.type === 'id'), ...columns.filter((c) => c.type !== 'id')],
      });
      for (const c of columns) if (c.unique && c.type !== 'id') plan.uniqueIndexes.push({ table: table.name, column: c.name });
      continue;
    }
    const columns = new Map(existing.map((c) => [c.name, c]));
    for (const column of table.columns.values()) {
      const there = columns.get(column.name);
      if (column.unique && !there?.unique) plan.uniqueIndexes.push({ table: table.name, column: column.name });
      if (!there) {
        if (column.type === 'id') plan.refusals.push(`表 ${table.name} 没有 id 列：给已有的表加主键需要手工迁移`);
        else plan.addColumns.push({ table: table.name, column });
      } else if (there.numeric !== column.numeric) {
        plan.refusals.push(
          `${table.name}.${column.name} 的类型改变了：数据库里是 ${there.dataType}（${there.numeric ? '数字' : '文本'}），声明要求${column.numeric ? '数字' : '文本'}；转换已有数据需要手工迁移`,
        );
      }
    }
  }
  for (const [table, names] of Object.entries(previous)) {
    const now = declared.get(table);
    const columns = new Set((migrated.get(table) ?? []).map((c) => c.name));
    if (!now && columns.size) {
      plan.refusals.push(`表 ${table} 不再有资源声明：删除它会丢失数据，确认后在此手工 dropTable（或保留它）`);
      continue;
    }
    for (const name of names) {
      if (now && !now.columns.has(name) && columns.has(name)) {
        plan.refusals.push(`${table}.${name} 不再是声明的字段：删除这一列会丢失数据，确认后在此手工 dropColumn（或保留它）`);
      }
    }
  }
  return plan;
}
