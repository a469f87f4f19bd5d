import type { FieldDef, ResourceDef } from '../../../src/framework/declaration/index.js';

/**
 * The columns the declaration asks of each table: every field of every resource that is not
 * `computed`, with the column it is stored in by this product's conventions (the same on SQLite and
 * PostgreSQL): ids from `columnTypes().id`; times, money and refs 64-bit (`big`); money in cents,
 * decimals in hundredths, flags 0/1 integers; enums as short text.
 */
export interface DeclaredColumn {
  name: string;
  /** `id` (the id helper), `big`, `integer`, `text` or `varchar(n)`. */
  type: string;
  /** Numbers in the database (ints, money, times, flags, refs) or text. */
  numeric: boolean;
  notNull: boolean;
  /** The stored default (cents for money, 0/1 for flags), if the field has one. */
  default?: string | number;
  /** An enum's stored values. */
  values?: string[];
  /** No two rows hold the same value: a unique index on the column alone. */
  unique?: boolean;
}

export interface DeclaredTable {
  name: string;
  /** The resources stored in it (a table may back more than one). */
  resources: string[];
  columns: Map<string, DeclaredColumn>;
}

const INT_MAX = 2_147_483_647;

export function declaredTables(resources: Record<string, ResourceDef>): Map<string, DeclaredTable> {
  const tables = new Map<string, DeclaredTable>();
  for (const [resource, def] of Object.entries(resources)) {
    const table: DeclaredTable = tables.get(def.table) ?? { name: def.table, resources: [], columns: new Map() };
    table.resources.push(resource);
    for (const [name, field] of Object.entries(def.fields)) {
      if (field.computed) continue;
      const column = columnOf(name, field);
      const seen = table.columns.get(name);
      table.columns.set(name, seen ? merged(seen, column) : column);
    }
    tables.set(def.table, table);
  }
  return tables;
}

/** Two resources on one table declaring the same column: the first's column, every enum value of both, unique if either says so. */
function merged(a: DeclaredColumn, b: DeclaredColumn): DeclaredColumn {
  const unique = a.unique || b.unique ? { unique: true } : {};
  if (!a.values || !b.values) return { ...a, ...unique };
  return { ...a, ...unique, values: [...new Set([...a.values, ...b.values])] };
}

export function columnOf(name: string, field: FieldDef): DeclaredColumn {
  if (name === 'id') return { name, type: 'id', numeric: true, notNull: true };
  const stored = storedDefault(field);
  const base = {
    name,
    notNull: Boolean(field.required) || stored !== undefined || name === 'create_at',
    ...(stored !== undefined ? { default: stored } : {}),
    ...(field.unique ? { unique: true } : {}),
  };
  switch (field.type) {
    case 'money':
    case 'datetime':
    case 'ref':
      return { ...base, type: 'big', numeric: true };
    case 'int':
      return { ...base, type: (field.max ?? 0) > INT_MAX ? 'big' : 'integer', numeric: true };
    case 'decimal':
      return { ...base, type: (field.max ?? 0) * 100 > INT_MAX ? 'big' : 'integer', numeric: true };
    case 'bool':
      return { ...base, type: 'integer', numeric: true, notNull: true, default: stored ?? 0 };
    case 'enum': {
      const values = Object.keys(field.options ?? {});
      const longest = Math.max(16, ...values.map((v) => v.length));
      return { ...base, type: `varchar(${longest})`, numeric: false, values };
    }
    case 'text':
    case 'password':
      return { ...base, type: field.max && field.max <= 1000 ? `varchar(${field.max})` : 'text', numeric: false };
    default:
      return { ...base, type: 'text', numeric: false };
  }
}

/** The field's default as the column stores it. */
function storedDefault(field: FieldDef): string | number | undefined {
  const d = field.default;
  if (d === undefined) return undefined;
  if (field.type === 'bool') return d ? 1 : 0;
  if (field.type === 'money' || field.type === 'decimal') return Math.round(Number(d) * 100);
  return typeof d === 'boolean' ? Number(d) : d;
}
