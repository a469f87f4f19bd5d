import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FieldDef, ResourceDef, Role } from '../../../src/framework/declaration/index.js';
import { fail } from '../http/envelope.js';
import { checkValue, objectBody } from '../http/validate.js';
import { nextDayStart } from '../lib/time.js';
import { canRead } from './serialize.js';

export interface ListQuery {
  page: number;
  pageSize: number;
  filters: Array<
    | { column: string; op: 'eq' | 'contains' | 'gte' | 'lte' | 'lt'; value: string | number }
    | { column: string; op: 'in'; value: Array<string | number> }
  >;
  sort: { column: string; order: 'asc' | 'desc' };
}

export const MAX_PAGE_SIZE = 1000;

export function positiveInt(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw fail.badInput(`${name}必须是 1 到 ${max} 之间的整数`);
  return n;
}

/**
 * Page and size from the query string; filters and sort from the body. A filter names a field the
 * declaration lets the caller search, with a value of that field's type; a sort, a sortable field.
 * Either must be a field the caller may read: an order by a hidden field reveals it as well as its
 * value would. Anything else is a 400.
 */
export function parseListQuery(def: ResourceDef, role: Role, query: Record<string, unknown>, input: unknown, tz: string): ListQuery {
  const page = positiveInt(query.page, '页码', 1, 1_000_000);
  const pageSize = positiveInt(query.pageSize, '每页条数', 20, MAX_PAGE_SIZE);
  const body = objectBody(input);
  const filters: ListQuery['filters'] = [];
  const fallback = def.defaultSort ?? { field: 'id', order: 'desc' as const };
  let sort = { column: fallback.field, order: fallback.order };

  for (const [key, value] of Object.entries(body)) {
    if (key === 'sort' || key === 'order') continue;
    const field = def.fields[key];
    if (!field?.search || !canRead(field, role)) throw fail.badInput(`不支持的筛选条件: ${key}`);
    if (value === null || value === '' || (Array.isArray(value) && value.every((v) => v === null || v === ''))) continue;
    filters.push(...filterFor(key, field, value, tz));
  }
  if (body.sort !== undefined && body.sort !== '') {
    const field = typeof body.sort === 'string' ? def.fields[body.sort] : undefined;
    const sortable = body.sort === 'id' || (field?.sort && canRead(field, role));
    if (!sortable) throw fail.badInput(`不支持的排序字段: ${String(body.sort)}`);
    sort = { column: body.sort as string, order: 'desc' };
  }
  if (body.order !== undefined && body.order !== '') {
    if (body.order !== 'asc' && body.order !== 'desc') throw fail.badInput('排序方向必须是 asc 或 desc');
    sort = { ...sort, order: body.order };
  }
  return { page, pageSize, filters, sort };
}

function filterFor(name: string, field: FieldDef, value: unknown, tz: string): ListQuery['filters'] {
  const check = (v: unknown) => {
    // A filter is a search, not a write: bounds and patterns of the field do not apply.
    const r = checkValue({ ...field, min: undefined, max: undefined, pattern: undefined, required: false }, v, tz);
    if (typeof r === 'object') throw fail.badInput(r.error, { [name]: r.error });
    return r;
  };
  if (field.search === 'contains') {
    if (typeof value !== 'string' || value.length > 100) throw fail.badInput(`筛选条件${field.label}必须是 100 个字符以内的文本`);
    return [{ column: name, op: 'contains', value: value.trim() }];
  }
  if (field.search === 'range') {
    if (!Array.isArray(value) || value.length !== 2) throw fail.badInput(`筛选条件${field.label}必须是 [开始, 结束] 形式`);
    const out: ListQuery['filters'] = [];
    if (value[0] !== null && value[0] !== '') out.push({ column: name, op: 'gte', value: check(value[0]) });
    if (value[1] !== null && value[1] !== '') out.push(rangeEnd(name, field, value[1], check(value[1]), tz));
    return out;
  }
  // An exact-match field also takes a few values, any of which matches (a list's tab: the states still open).
  if (Array.isArray(value)) {
    if (!value.length || value.length > 20) throw fail.badInput(`筛选条件${field.label}最多 20 个值`);
    return [{ column: name, op: 'in', value: value.map(check) }];
  }
  return [{ column: name, op: 'eq', value: check(value) }];
}

/** A date without a time ends a time range at the end of that day: before the next day begins. */
function rangeEnd(name: string, field: FieldDef, raw: unknown, value: string | number, tz: string): ListQuery['filters'][number] {
  if (field.type === 'datetime' && typeof raw === 'string' && raw.length === 10 && typeof value === 'number') {
    return { column: name, op: 'lt', value: nextDayStart(value, tz) };
  }
  return { column: name, op: 'lte', value };
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of the generic layer: its filters name columns at run time
export function applyFilters<Q extends SelectQueryBuilder<any, any, any>>(q: Q, filters: ListQuery['filters']): Q {
  for (const f of filters) {
    if (f.op === 'in') {
      q = q.where(f.column, 'in', f.value) as Q;
    } else if (f.op === 'contains') {
      const pattern = `%${escapeLike(String(f.value).toLowerCase())}%`;
      q = q.where(sql<SqlBool>`lower(${sql.ref(f.column)}) like ${pattern} escape '\\'`) as Q;
    } else {
      const op = ({ eq: '=', gte: '>=', lte: '<=', lt: '<' } as const)[f.op];
      q = q.where(f.column, op, f.value) as Q;
    }
  }
  return q;
}
