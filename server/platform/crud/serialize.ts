import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { FieldDef, ResourceDef, Role } from '../../../src/framework/declaration/index.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { toDollars } from '../lib/money.js';
import { formatTime } from '../lib/time.js';

/** Whether a role may read a field: never a write-only one, and a sup-only one for sup alone. */
export const canRead = (field: FieldDef, role: Role): boolean => !field.writeOnly && (role === 'sup' || !field.supOnly);

/** The fields a role may read. */
export function readableFields(def: ResourceDef, role: Role): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => canRead(f, role));
}

export function outValue(field: FieldDef, value: unknown, tz: string): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'money':
    case 'decimal':
      return toDollars(Number(value));
    case 'bool':
      return Boolean(Number(value));
    case 'datetime':
      return formatTime(Number(value), tz);
    case 'int':
    case 'ref':
      return Number(value);
    // Stored sanitized already; sanitized again on the way out, as rows may predate today's rules.
    case 'html':
      return sanitizeHtml(String(value));
    default:
      return value;
  }
}

/** The column a row's label of a ref field is read into by withLabels. */
const labelColumn = (name: string) => `${name}__label`;

/** The declared resources by name, for the tables their refs point at: one declaration per process, given at registration. */
const declared = new Map<string, ResourceDef>();

export function declareResources(resources: Record<string, ResourceDef>): void {
  for (const [name, def] of Object.entries(resources)) declared.set(name, def);
}

const refTarget = (field: FieldDef) => (field.type === 'ref' && field.ref ? declared.get(field.ref.resource) : undefined);

/**
 * A query of the resource's rows that also reads, for every ref field the role may read, the
 * referenced row's label (serializeRows sends it): one statement, instead of one more per ref field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of the generic layer: the labels' tables and columns are named at run time
export function withLabels<Q extends SelectQueryBuilder<any, any, any>>(q: Q, def: ResourceDef, role: Role): Q {
  for (const [name, field] of readableFields(def, role)) {
    const target = refTarget(field);
    if (!target) continue;
    const alias = `label_${name}`;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the referenced table and its label column are named at run time
    q = q.select((eb: ExpressionBuilder<any, any>) =>
      eb
        .selectFrom(`${target.table} as ${alias}`)
        .select(`${alias}.${field.ref!.labelField}`)
        .whereRef(`${alias}.id`, '=', `${def.table}.${name}`)
        .as(labelColumn(name)),
    ) as Q;
  }
  return q;
}

/**
 * Rows as the API sends them, with `<field>_label` naming each referenced row: the rows must have been
 * read with withLabels (rows of a resource without ref fields need nothing more).
 */
export function serializeRows(def: ResourceDef, rows: Record<string, unknown>[], role: Role, tz: string): Record<string, unknown>[] {
  const fields = readableFields(def, role);
  return rows.map((row) => {
    const out: Record<string, unknown> = { id: Number(row.id) };
    for (const [name, field] of fields) {
      out[name] = outValue(field, row[name], tz);
      if (field.type !== 'ref') continue;
      const label = row[labelColumn(name)];
      out[`${name}_label`] = label === null || label === undefined ? null : String(label);
    }
    return out;
  });
}
