import type { Kysely } from 'kysely';
import type { FieldDef, ResourceDef } from '../../../src/framework/declaration/index.js';
import { AppError, Code } from '../http/envelope.js';
import type { Row } from '../http/validate.js';

/** 409 naming the field whose value another row holds. */
export function taken(name: string, field: FieldDef): AppError {
  const message = `${field.label}已存在`;
  return new AppError(Code.conflict, message, { errors: { [name]: message } });
}

/** Refuses (409) a write whose value of a `unique` field another row already holds; `exceptId`: the row edited. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic layer works on tables named at run time
export async function checkUnique(trx: Kysely<any>, def: ResourceDef, row: Row, exceptId?: number): Promise<void> {
  for (const [name, field] of Object.entries(def.fields)) {
    const value = row[name];
    if (!field.unique || value === undefined || value === null) continue;
    let q = trx.selectFrom(def.table).select('id').where(name, '=', value);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.limit(1).executeTakeFirst()) throw taken(name, field);
  }
}

/**
 * The database's unique violation (a write that raced another past checkUnique) as the same 409: the
 * field named when the violated index is a declared unique field's, the resource's otherwise.
 */
export function asConflict(error: unknown, def: ResourceDef): unknown {
  const columns = violatedColumns(error);
  if (!columns) return error;
  const name = columns.length === 1 ? columns[0] : undefined;
  const field = name !== undefined && Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
  if (name !== undefined && field?.unique) return taken(name, field);
  return new AppError(Code.conflict, `${def.label}与已有记录重复`);
}

/**
 * The columns of the unique index a write violated, from SQLite's SQLITE_CONSTRAINT_UNIQUE ("UNIQUE
 * constraint failed: t.a, t.b") or PostgreSQL's 23505 ("Key (a, b)=(…) already exists."); [] when
 * the index is on an expression; undefined when the error is not a unique violation.
 */
export function violatedColumns(error: unknown): string[] | undefined {
  const e = error as { code?: unknown; message?: unknown; detail?: unknown } | null;
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const list = /UNIQUE constraint failed: (.+)$/.exec(String(e.message))?.[1];
    return list && !list.startsWith('index ') ? list.split(', ').map((c) => c.slice(c.lastIndexOf('.') + 1)) : [];
  }
  if (e?.code === '23505') {
    const list = /^Key \((.+?)\)=\(/.exec(String(e.detail ?? ''))?.[1];
    return list && !list.includes('(') ? list.split(', ').map((c) => c.replace(/^"|"$/g, '')) : [];
  }
  return undefined;
}
