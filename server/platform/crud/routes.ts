import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { allows, isOwnRule, type FieldDef, type ResourceDef } from '../../../src/framework/declaration/index.js';
import type { Ctx } from '../context.js';
import { callerOf, roleOfRequest, sessionOf, type Caller } from '../http/auth.js';
import { fail, ok } from '../http/envelope.js';
import { idOf, idsOf } from '../http/ids.js';
import { objectBody, rejectUnknown, validateFields, type Row } from '../http/validate.js';
import type { HookEnv, ResourceHooks } from './hooks.js';
import { ownedBySupIfEmpty, ownerFieldFor, withoutOwner } from './owner.js';
import { applyFilters, parseListQuery } from './query.js';
import { declareResources, serializeRows, withLabels } from './serialize.js';
import { asConflict, checkUnique } from './unique.js';

/**
 * Registers `/api/<api>/data|detail|add|edit|del` for every declared resource and action. The
 * access rule of each action guards the route; 'own' scopes a customer to rows they own.
 */
export function registerResourceRoutes(app: FastifyInstance, ctx: Ctx, crud: CrudOptions): void {
  declareResources(crud.resources);
  for (const [name, def] of Object.entries(crud.resources)) {
    registerResource(app, ctx, name, def, crud.hooks[name] ?? {}, crud);
  }
}

/** What the generic routes are given: the declared resources, the areas' hooks on them, and where deep pages start. */
export interface CrudOptions {
  resources: Record<string, ResourceDef>;
  hooks: Partial<Record<string, ResourceHooks>>;
  /**
   * Where a page past the counted rows of a whole table's newest-first list begins (create_at before
   * `before`, after `skip` rows), when the product keeps counts that tell; undefined: step over the rows.
   */
  deepStart?: (
    database: Ctx['database'],
    table: string,
    offset: number,
    now: number,
  ) => Promise<{ before: number; skip: number } | undefined>;
  /** Told of every generic write inside its transaction (a product's audit trail), after the hooks. */
  onWrite?: WriteObserver;
}

function registerResource(app: FastifyInstance, ctx: Ctx, name: string, def: ResourceDef, hooks: ResourceHooks, crud: CrudOptions): void {
  const { deepStart, onWrite } = crud;
  const base = `/api/${def.api}`;
  // The generic layer works on tables named at run time.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables named at run time: Kysely cannot type their columns
  const db = ctx.db as unknown as Kysely<any>;
  const tz = ctx.settings.timeZone;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the db above, or its transaction
  const scoped = (db: Kysely<any>, request: FastifyRequest, action: ScopedAction) => scopedRows(db, def, request, action, hooks);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic write's transaction (tables named at run time); hooks get it typed with every table
  const env = (request: FastifyRequest, trx: Kysely<any>): HookEnv => ({ ctx, trx, session: sessionOf(request), def });
  const one = (request: FastifyRequest, id: number) => readOne(ctx, def, request, id, hooks);
  const prepare = async (values: Row, mode: 'add' | 'edit') => (hooks.prepare ? hooks.prepare(values, mode) : values);

  if (def.access.list) {
    app.post(`${base}/data`, { config: { access: def.access.list } }, async (request) => {
      const q = parseListQuery(def, roleOfRequest(request), request.query as Record<string, unknown>, request.body, tz);
      const filtered = applyFilters(scoped(db, request, 'list'), q.filters);
      const offset = (q.page - 1) * q.pageSize;
      // Past the counted rows, a whole table's newest-first list starts from its quarter hour.
      const deep =
        deepStart &&
        offset > COUNT_CAP &&
        !q.filters.length &&
        !ownerOf(def, request, 'list') &&
        q.sort.column === 'create_at' &&
        q.sort.order === 'desc'
          ? await deepStart(ctx.database, def.table, offset, ctx.now())
          : undefined;
      // The page's ids first (read from an index alone, however deep the page), then their rows.
      const page = (deep ? filtered.where('create_at', '<', deep.before) : filtered)
        .select('id')
        .orderBy(q.sort.column, q.sort.order)
        .orderBy('id', q.sort.order)
        .limit(q.pageSize)
        .offset(deep ? deep.skip : offset);
      // Two statements at once on PostgreSQL (one after the other on SQLite's single connection).
      const [total, rows] = await Promise.all([
        cappedCount(db, filtered),
        withLabels(db.selectFrom(def.table).selectAll().where('id', 'in', page), def, roleOfRequest(request))
          .orderBy(q.sort.column, q.sort.order)
          .orderBy('id', q.sort.order)
          .execute(),
      ]);
      const list = serializeRows(def, rows, roleOfRequest(request), tz);
      await hooks.present?.(list, rows, { ctx, request });
      return ok({ list, total: Math.min(total, COUNT_CAP), ...(total > COUNT_CAP ? { capped: true } : {}) });
    });
  }

  // A domain may own a path itself (it registers first: detail, add) and call readOne for the generic part.
  if (def.access.show && !app.hasRoute({ method: 'GET', url: `${base}/detail` })) {
    app.get(`${base}/detail`, { config: { access: def.access.show } }, async (request) => {
      return ok(await one(request, idOf((request.query as Record<string, unknown>).id)));
    });
  }

  if (def.access.add && !app.hasRoute({ method: 'POST', url: `${base}/add` })) {
    app.post(`${base}/add`, { config: { access: def.access.add } }, async (request) => {
      const caller = callerOf(request);
      const owner = ownerFieldFor(def, 'add', caller);
      const body = owner ? withoutOwner(def, objectBody(request.body), owner, caller, 'add') : request.body;
      const fields = owner ? withoutField(def.fields, owner) : def.fields;
      const checked = validateFields(fields, body, 'add', { tz, mayWrite: mayWriteFor(caller) });
      const values = await prepare(owner ? { ...checked, [owner]: caller.userId } : ownedBySupIfEmpty(def, checked, caller), 'add');
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const row = hooks.beforeAdd ? await hooks.beforeAdd(values, env(request, trx)) : values;
          if ('create_at' in def.fields) row.create_at = ctx.now();
          await checkUnique(trx, def, row);
          const inserted = await trx.insertInto(def.table).values(row).returning('id').executeTakeFirstOrThrow();
          await onWrite?.({ resource: name, def, action: 'add', ids: [Number(inserted.id)], before: [], after: row, request, trx });
          return Number(inserted.id);
        })
        .catch((e: unknown) => {
          throw asConflict(e, def);
        });
      return ok(await one(request, id), '添加成功');
    });
  }

  if (def.access.edit) {
    app.post(`${base}/edit`, { config: { access: def.access.edit } }, async (request) => {
      const caller = callerOf(request);
      const owner = ownerFieldFor(def, 'edit', caller);
      const body = owner ? withoutOwner(def, objectBody(request.body), owner, caller, 'edit') : objectBody(request.body);
      const id = idOf(body.id);
      const values = await prepare(validateFields(def.fields, body, 'edit', { tz, extra: ['id'], mayWrite: mayWriteFor(caller) }), 'edit');
      await db
        .transaction()
        .execute(async (trx) => {
          const existing = await scoped(trx, request, 'edit').selectAll().where('id', '=', id).executeTakeFirst();
          if (!existing) throw fail.notFound(`${def.label}不存在`);
          const row = hooks.beforeEdit ? await hooks.beforeEdit(id, values, existing, env(request, trx)) : values;
          await checkUnique(trx, def, row, id);
          if (Object.keys(row).length) await trx.updateTable(def.table).set(row).where('id', '=', id).execute();
          await hooks.afterEdit?.(id, row, existing, env(request, trx));
          await onWrite?.({ resource: name, def, action: 'edit', ids: [id], before: [existing], after: row, request, trx });
        })
        .catch((e: unknown) => {
          throw asConflict(e, def);
        });
      return ok(await one(request, id), '保存成功');
    });
  }

  if (def.access.del) {
    app.post(`${base}/del`, { config: { access: def.access.del } }, async (request) => {
      const body = objectBody(request.body);
      rejectUnknown(body, ['ids']);
      const ids = idsOf(body.ids);
      const deleted = await db.transaction().execute(async (trx) => {
        const found = await scoped(trx, request, 'del').selectAll().where('id', 'in', ids).execute();
        if (found.length !== ids.length) throw fail.notFound(`部分${def.label}不存在`);
        await hooks.beforeDel?.(ids, env(request, trx));
        const result = await trx.deleteFrom(def.table).where('id', 'in', ids).executeTakeFirst();
        await onWrite?.({ resource: name, def, action: 'del', ids, before: found, after: null, request, trx });
        return Number(result.numDeletedRows);
      });
      return ok({ deleted }, '删除成功');
    });
  }
}

/** Whether the caller passes a field's `write` rule. */
const mayWriteFor = (caller: Caller) => (field: FieldDef) => !field.write || allows(field.write, caller.role, caller.grants);

function withoutField(fields: Readonly<Record<string, FieldDef>>, name: string): Record<string, FieldDef> {
  const { [name]: _left, ...rest } = fields;
  return rest;
}

/**
 * Lists count at most this many rows: a page of a million-row table never counts them all. Past it
 * the answer says `total: COUNT_CAP, capped: true` (the console shows "10000+" and asks for a filter).
 */
export const COUNT_CAP = 10_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic layer's db and query, over a table named at run time
async function cappedCount(db: Kysely<any>, filtered: SelectQueryBuilder<any, any, any>): Promise<number> {
  const capped = filtered
    .select(sql.lit(1).as('one'))
    .limit(COUNT_CAP + 1)
    .as('capped');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type ScopedAction = 'list' | 'show' | 'edit' | 'del';

/** A generic write, as its transaction is about to commit: the rows before (edit, del) and the values written (add, edit). */
export interface WriteEvent {
  resource: string;
  def: ResourceDef;
  action: 'add' | 'edit' | 'del';
  ids: number[];
  before: Record<string, unknown>[];
  after: Record<string, unknown> | null;
  request: FastifyRequest;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the write's own transaction, over tables named at run time (see registerResource's db)
  trx: Kysely<any>;
}
export type WriteObserver = (event: WriteEvent) => Promise<void>;

/** The user whose rows alone the caller may see for an action (the 'own' rule), or undefined: all rows. */
function ownerOf(def: ResourceDef, request: FastifyRequest, action: ScopedAction): number | undefined {
  if (!isOwnRule(def.access[action]) || roleOfRequest(request) === 'sup') return undefined;
  if (!def.ownerField) throw fail.forbidden();
  return callerOf(request).userId;
}

/** Rows of the table the caller may see for an action: all of them, or their own under the 'own' rule. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic layer's db, over a table named at run time
function scopedRows(db: Kysely<any>, def: ResourceDef, request: FastifyRequest, action: ScopedAction, hooks: ResourceHooks = {}) {
  const owner = ownerOf(def, request, action);
  const q = db.selectFrom(def.table);
  const own = owner === undefined ? q : q.where(def.ownerField!, '=', owner);
  return hooks.scope ? hooks.scope(own, request) : own;
}

/** One row as the caller may see it (scoped by the 'show' rule), or 404. */
export async function readOne(ctx: Ctx, def: ResourceDef, request: FastifyRequest, id: number, hooks: ResourceHooks = {}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resource's table is named at run time: Kysely cannot type its columns
  const db = ctx.db as unknown as Kysely<any>;
  const { role, grants } = callerOf(request);
  if (!allows(def.access.show, role, grants)) throw fail.forbidden();
  const row = await withLabels(scopedRows(db, def, request, 'show', hooks).selectAll().where('id', '=', id), def, role).executeTakeFirst();
  if (!row) throw fail.notFound(`${def.label}不存在`);
  const [out] = serializeRows(def, [row], role, ctx.settings.timeZone);
  await hooks.present?.([out], [row], { ctx, request });
  return out;
}
