/**
 * Calls made from the declaration alone (resources.config.ts): for every generic route of a resource,
 * a body the route accepts and the bad inputs it must refuse, worked out from the fields (their types,
 * `required`, `min`/`max`, `pattern`, enum options, refs, write rules) and the access rules. The role
 * and bad-input sweeps use them for every route no hand-written case covers, so a new resource is
 * swept as soon as it is declared.
 */
import type { Kysely } from 'kysely';
import { resources, type Action, type FieldDef, type ResourceDef } from '../../../resources.config.js';

/** A call's query and body; `$row:<resource>`, `$spare:<resource>` and `$ref:<resource>` stand for rows made by `declaredRows`. */
export interface DeclaredCall {
  query?: string;
  body?: unknown;
}
export interface DeclaredCase extends DeclaredCall {
  route: string;
  what: string;
  code?: number;
}

/** The rows the calls name: per resource, one to read and edit and a spare one to delete. */
export type DeclaredRows = Record<string, { row: number; spare?: number }>;

const ROUTE: Record<Action, string> = {
  list: 'POST /api/%/data',
  show: 'GET /api/%/detail',
  add: 'POST /api/%/add',
  edit: 'POST /api/%/edit',
  del: 'POST /api/%/del',
};

const declared = () => resources as Record<string, ResourceDef>;

/** The resource's list route, when it has one. */
export function listRoute(name: string): string | undefined {
  return genericRoutes(name).find((g) => g.action === 'list')?.route;
}

/** "METHOD /api/<api>/<suffix>" of each generic action a resource declares. */
export function genericRoutes(name: string): { action: Action; route: string }[] {
  const def = declared()[name];
  return (Object.keys(def.access) as Action[]).map((action) => ({ action, route: ROUTE[action].replace('%', def.api) }));
}

const settable = (f: FieldDef) => !f.readonly && f.type !== 'changes';
/** The fields an add may carry (a sup passes every write rule). */
const addable = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => settable(f) && !f.editOnly);
const editable = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => settable(f) && !f.createOnly);

/** Texts tried in turn for a text field with a pattern; `#` is a number that makes the value unique. */
const TEXTS = ['t#', 'http://127.0.0.1:9/t#', '+86138#', 'u#@example.com', 'T#', 'h#.example.com'];

function textOf(f: FieldDef, n: number): string | undefined {
  const fit = (t: string) => {
    const padded = f.min !== undefined && t.length < f.min ? t + 'x'.repeat(f.min - t.length) : t;
    return (f.max === undefined || padded.length <= f.max) && (!f.pattern || new RegExp(f.pattern).test(padded)) ? padded : undefined;
  };
  if (f.type === 'html') return fit(`<p>样例${n}</p>`);
  if (f.type === 'password') return fit(`Pass-word-${n}`);
  for (const t of f.pattern ? TEXTS : ['样例#', ...TEXTS]) {
    const v = fit(t.replace('#', String(n)));
    if (v !== undefined) return v;
  }
  return undefined;
}

/** A value the field accepts; `n` makes it differ from other rows' (for unique fields). */
export function exampleValue(f: FieldDef, n: number): unknown {
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'html': {
      const v = textOf(f, n);
      if (v === undefined) throw new Error(`no example text fits the field ${f.label} (pattern ${f.pattern})`);
      return v;
    }
    case 'int': {
      const low = f.min ?? 1;
      return f.unique ? low + n : Math.min(low, f.max ?? low);
    }
    case 'money':
    case 'decimal':
      return Math.min(f.min ?? 1, f.max ?? Infinity);
    case 'bool':
      return typeof f.default === 'boolean' ? f.default : true;
    case 'enum':
      return typeof f.default === 'string' ? f.default : Object.keys(f.options ?? {})[0];
    case 'datetime':
      return '2030-01-01 00:00:00';
    case 'ref':
      return `$ref:${f.ref!.resource}`;
    case 'changes':
      return undefined;
  }
}

let counter = 0;
/** The smallest add body: the required fields, each with its example. */
export function addBody(name: string): Record<string, unknown> {
  const n = ++counter;
  return Object.fromEntries(
    addable(declared()[name])
      .filter(([, f]) => f.required)
      .map(([k, f]) => [k, exampleValue(f, n)]),
  );
}

/** An edit of one field (a plain one, when there is one) of the resource's row. */
export function editBody(name: string): Record<string, unknown> {
  const fields = editable(declared()[name]).filter(([, f]) => f.type !== 'password');
  const [k, f] = fields.find(([, x]) => x.type !== 'ref') ?? fields[0];
  return { id: `$row:${name}`, [k]: exampleValue(f, ++counter) };
}

/** A call each generic route of the resource accepts from a sup. */
export function validCalls(name: string): Record<string, DeclaredCall> {
  const calls: Partial<Record<Action, DeclaredCall>> = {
    list: { body: {} },
    show: { query: `?id=$row:${name}` },
    add: { body: addBody(name) },
    edit: { body: editBody(name) },
    del: { body: { ids: [`$spare:${name}`] } },
  };
  return Object.fromEntries(genericRoutes(name).map(({ action, route }) => [route, calls[action]!]));
}

/** Text with a space and Chinese in it: the patterns of names, codes and addresses refuse it. */
const OFF_PATTERN = '中 文';

/** A value of the wrong kind for the field, and why it is wrong. */
function wrongValues(f: FieldDef): [string, unknown][] {
  const out: [string, unknown][] = [];
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'html':
      out.push(['a number', 5], ['a list', ['x']]);
      if (f.max !== undefined) out.push([`over ${f.max} characters`, 'x'.repeat(f.max + 1)]);
      if (f.min !== undefined && f.min > 1) out.push([`under ${f.min} characters`, 'x'.repeat(f.min - 1)]);
      if (f.pattern && !new RegExp(f.pattern).test(OFF_PATTERN)) out.push(['text its pattern refuses', OFF_PATTERN]);
      break;
    case 'int':
      out.push(['words', 'abc'], ['a fraction', 1.5], ['a boolean', true]);
      break;
    case 'ref':
      out.push(['words', 'x'], ['zero', 0], ['a list', [1]]);
      break;
    case 'money':
    case 'decimal':
      out.push(['three decimals', 1.001], ['words', '1.2.3'], ['a boolean', true]);
      break;
    case 'bool':
      out.push(['words', 'yes'], ['2', 2]);
      break;
    case 'enum':
      out.push(['a value not listed', '__none__'], ['a number', 5]);
      break;
    case 'datetime':
      out.push(['words', 'tomorrow'], ['epoch numbers', 1704067200000]);
      break;
    case 'changes':
      break;
  }
  if ((f.type === 'int' || f.type === 'money' || f.type === 'decimal') && f.max !== undefined) out.push([`over ${f.max}`, f.max + 1]);
  if ((f.type === 'int' || f.type === 'money' || f.type === 'decimal') && f.min !== undefined) out.push([`under ${f.min}`, f.min - 1]);
  return out;
}

const detailQueries = ['?id=abc', '?id=0', '?id=1.5', '?id=', '?id=%00', '?id=999999'];
const badIds = [{}, { ids: [] }, { ids: 'x' }, { ids: [0] }, { ids: [1, 'x'] }, { ids: {} }, { ids: [999_999], code: 404 }];

/** What a list refuses for this resource beyond the general list cases: filters on fields without search, wrong filter values. */
export function listFilters(name: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(declared()[name].fields)) {
    if (k === 'id' || k === 'create_at') continue;
    if (!f.search) out[k] = 'x';
    else if (f.search === 'range') out[k] = 'x';
    else if (f.type === 'enum') out[k] = '__none__';
    else if (f.type === 'ref' || f.type === 'int') out[k] = 'x';
    else if (f.type === 'bool') out[k] = 'yes';
    else out[k] = 5;
  }
  return out;
}

/** The bad inputs of the resource's add, edit, del and detail (its list's are `listFilters` with the general list cases). */
export function badCases(name: string): DeclaredCase[] {
  const def = declared()[name];
  const out: DeclaredCase[] = [];
  const has = (a: Action) => Boolean(def.access[a]);
  const api = def.api;
  if (has('add')) {
    const route = `POST /api/${api}/add`;
    const required = addable(def).filter(([, f]) => f.required);
    if (required.length) out.push({ route, what: 'no fields', body: {} });
    for (const [k] of required) {
      const { [k]: _left, ...rest } = addBody(name);
      out.push({ route, what: `${k} left out`, body: rest });
    }
    for (const [k, f] of addable(def)) {
      for (const [what, value] of wrongValues(f)) out.push({ route, what: `${k} as ${what}`, body: { ...addBody(name), [k]: value } });
    }
    for (const [k, f] of Object.entries(def.fields).filter(([, x]) => !settable(x) || x.editOnly)) {
      out.push({
        route,
        what: `${k}, which an add may not set`,
        body: { ...addBody(name), [k]: exampleValue({ ...f, readonly: false }, ++counter) ?? 'x' },
      });
    }
    out.push({ route, what: 'an unknown field', body: { ...addBody(name), no_such_field: 1 } });
  }
  if (has('edit')) {
    const route = `POST /api/${api}/edit`;
    const plain = editBody(name);
    out.push({ route, what: 'no id', body: { ...plain, id: undefined } }, { route, what: 'an id in words', body: { ...plain, id: 'x' } });
    out.push({ route, what: 'a row that does not exist', body: { ...plain, id: 999_999 }, code: 404 });
    for (const [k, f] of editable(def)) {
      for (const [what, value] of wrongValues(f)) out.push({ route, what: `${k} as ${what}`, body: { id: `$row:${name}`, [k]: value } });
      if (f.required && f.type !== 'password') out.push({ route, what: `${k} emptied`, body: { id: `$row:${name}`, [k]: '' } });
    }
    for (const [k, f] of Object.entries(def.fields).filter(([x, v]) => x !== 'id' && (!settable(v) || v.createOnly))) {
      out.push({
        route,
        what: `${k}, which an edit may not set`,
        body: { id: `$row:${name}`, [k]: exampleValue({ ...f, readonly: false }, ++counter) ?? 'x' },
      });
    }
  }
  if (has('del')) {
    const route = `POST /api/${api}/del`;
    for (const { code, ...body } of badIds) out.push({ route, what: JSON.stringify(body), body, code });
  }
  if (has('show')) {
    const route = `GET /api/${api}/detail`;
    for (const query of detailQueries) out.push({ route, what: query, query, code: query === '?id=999999' ? 404 : undefined });
  }
  return out;
}

/** The resource a `$ref:` names must have a row: made through its own derived add, or else one it already has. */
async function refRow(ref: string, rows: DeclaredRows, make: MakeRow): Promise<number> {
  if (rows[ref]) return rows[ref].row;
  const made = declared()[ref]?.access.add ? await make(ref) : undefined;
  rows[ref] = { row: made ?? (await make.existing(ref)) };
  return rows[ref].row;
}

/** Adds a row (undefined when the add is refused), or finds one a table already holds. */
export interface MakeRow {
  (name: string): Promise<number | undefined>;
  existing(name: string): Promise<number>;
}

/** Replaces the `$row:`, `$spare:` and `$ref:` names of a call with the rows' ids (a name that is the whole value becomes a number). */
export function fillRows<T>(value: T, rows: DeclaredRows): T {
  const idOf = (kind: string, name: string) => {
    const r = rows[name];
    const id = kind === 'spare' ? r?.spare : r?.row;
    if (id === undefined) throw new Error(`no ${kind} row of ${name} was made`);
    return id;
  };
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\$(row|spare|ref):(\w+)$/.exec(v);
      return whole
        ? idOf(whole[1], whole[2])
        : v.replace(/\$(row|spare|ref):(\w+)/g, (_, kind: string, name: string) => String(idOf(kind, name)));
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}

/** Whether a value holds a `$…:` name (the body must be filled before it is sent). */
const named = (v: unknown): boolean =>
  typeof v === 'string'
    ? /\$(row|spare|ref):/.test(v)
    : Array.isArray(v)
      ? v.some(named)
      : Boolean(v) && typeof v === 'object' && Object.values(v as object).some(named);

interface Server {
  post(path: string, body: unknown, token?: string): Promise<{ code: number; message: string; data: { id?: number } | null }>;
  database: { db: unknown };
}

/**
 * Two rows of each named resource (made as the sup through its derived add body), and a row of each
 * resource their refs point at (made the same way, or one the table already holds).
 */
export async function declaredRows(s: Server, token: string, names: string[], rows: DeclaredRows = {}): Promise<DeclaredRows> {
  const make: MakeRow = Object.assign(
    async (name: string) => {
      let body = addBody(name);
      for (const ref of refsOf(body)) await refRow(ref, rows, make);
      if (named(body)) body = fillRows(body, rows);
      const r = await s.post(`/api/${declared()[name].api}/add`, body, token);
      return r.code === 200 && r.data?.id ? Number(r.data.id) : undefined;
    },
    {
      async existing(name: string) {
        const db = s.database.db as Kysely<Record<string, { id: number }>>;
        const row = await db.selectFrom(declared()[name].table).select('id').orderBy('id').executeTakeFirst();
        if (!row) throw new Error(`${name} has no row, and its derived add body was refused`);
        return Number(row.id);
      },
    },
  );
  for (const name of names) {
    const row = await make(name);
    const spare = await make(name);
    if (row === undefined || spare === undefined)
      throw new Error(`the derived add body of ${name} was refused: ${JSON.stringify(addBody(name))}`);
    rows[name] = { row, spare };
  }
  return rows;
}

function refsOf(body: unknown): string[] {
  return [...JSON.stringify(body).matchAll(/\$ref:(\w+)/g)].map((m) => m[1]);
}

/** The resources these generic routes belong to. */
export function resourcesOf(routes: Iterable<string>): string[] {
  const wanted = new Set(routes);
  return Object.keys(declared()).filter((name) => genericRoutes(name).some(({ route }) => wanted.has(route)));
}
