import crypto from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AuditTable, DB } from '../schema/tables.js';
import type { Ctx } from '../platform/context.js';
import type { Dialect } from '../platform/db/connection.js';
import { sessionOf } from '../platform/http/auth.js';
import { clientIp } from '../platform/http/client-ip.js';

/** Which filter a row belongs to; `money` rows are the ones a finance role may read. */
export type AuditCategory = 'money' | 'catalog' | 'users' | 'settings' | 'login' | 'keys' | 'content' | 'intake' | 'other';

/** Who did it, from where, and when: a request's session, or a named system actor. */
export interface AuditCtx {
  dialect: Dialect;
  /** Read inside audit(), after the chain's lock: rows in id order have times in order. */
  clock: () => number;
  actorId: number | null;
  actorName: string;
  /** The sup behind a session switched into a customer's account. */
  managerId: number | null;
  ip: string | null;
}

/** An audited action: one of the `action` options of the `audit` resource. */
export type AuditAction = AuditTable['action'];

export interface AuditEntry {
  action: AuditAction;
  category: AuditCategory;
  targetType?: string | null;
  targetId?: number | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** The first row's previous hash. */
export const GENESIS = '0'.repeat(64);
/** The advisory lock that serialises appends on PostgreSQL (SQLite's write lock already does). */
const CHAIN_LOCK = 7_320_018;

/** The audit context of a request with a session: its user, the sup behind a switch, its address. */
export function auditCtxOf(request: FastifyRequest, ctx: Ctx): AuditCtx {
  const session = sessionOf(request);
  return {
    dialect: ctx.database.dialect,
    clock: ctx.now,
    actorId: session.user.id,
    actorName: session.user.username,
    managerId: session.managerId,
    ip: clientIp(request),
  };
}

/** The audit context of someone not (yet) logged in: a login attempt names the account tried. */
export function anonymousCtx(request: FastifyRequest, ctx: Ctx, who: { id: number | null; name: string }): AuditCtx {
  return { dialect: ctx.database.dialect, clock: ctx.now, actorId: who.id, actorName: who.name, managerId: null, ip: clientIp(request) };
}

/** Keys whose values are secrets: only the fact that they changed is kept. */
const SECRET = /password|secret|api_key|^token$|_hash$|^key$/i;

/** A value as stored in a row's before/after: secrets replaced by a mark, undefined dropped. */
export function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    out[k] = SECRET.test(k) ? (v === null || v === '' ? null : '（已更改，不记录）') : scrub(v);
  }
  return out;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(scrub(v)));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A secret the same before and after is left out of both: only a secret that changed is marked so. */
function withoutSameSecrets(before: unknown, after: unknown): [unknown, unknown] {
  if (!isRecord(before) || !isRecord(after)) return [before, after];
  const b = { ...before };
  const a = { ...after };
  for (const k of Object.keys(b)) {
    if (SECRET.test(k) && k in a && JSON.stringify(b[k] ?? null) === JSON.stringify(a[k] ?? null)) {
      delete b[k];
      delete a[k];
    }
  }
  return [b, a];
}

/** The columns a row's hash covers, in a fixed order. */
export interface HashedRow {
  actor_id: number | null;
  actor_name: string;
  manager_id: number | null;
  manager_name: string | null;
  action: AuditAction;
  category: AuditCategory;
  target_type: string | null;
  target_id: number | null;
  summary: string;
  before: string | null;
  after: string | null;
  ip: string | null;
  create_at: number;
  prev_hash: string;
}

/** A row's hash: SHA-256 over the previous row's hash and the row's own content. */
export function hashRow(r: HashedRow): string {
  const content = JSON.stringify([
    r.actor_id === null ? null : Number(r.actor_id),
    r.actor_name,
    r.manager_id === null ? null : Number(r.manager_id),
    r.manager_name,
    r.action,
    r.category,
    r.target_type,
    r.target_id === null ? null : Number(r.target_id),
    r.summary,
    r.before,
    r.after,
    r.ip,
    Number(r.create_at),
  ]);
  return crypto.createHash('sha256').update(`${r.prev_hash}\n${content}`).digest('hex');
}

/**
 * Appends one audit row inside the caller's transaction (the one that makes the change), chained to
 * the previous row. On PostgreSQL the chain is serialised by a transaction-scoped advisory lock, held
 * until the change commits; call it last in the transaction, after the rows it locks.
 */
export async function audit(trx: Kysely<DB>, who: AuditCtx, entry: AuditEntry): Promise<void> {
  if (who.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  const last = await trx.selectFrom('audit').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  let managerName: string | null = null;
  if (who.managerId !== null) {
    const sup = await trx.selectFrom('users').select('username').where('id', '=', who.managerId).executeTakeFirst();
    managerName = sup?.username ?? null;
  }
  const [before, after] = withoutSameSecrets(entry.before, entry.after);
  const row: HashedRow = {
    actor_id: who.actorId,
    actor_name: who.actorName.slice(0, 64),
    manager_id: who.managerId,
    manager_name: managerName,
    action: entry.action,
    category: entry.category,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId ?? null,
    summary: entry.summary.slice(0, 500),
    before: json(before),
    after: json(after),
    ip: who.ip,
    create_at: who.clock(),
    prev_hash: last?.hash ?? GENESIS,
  };
  await trx
    .insertInto('audit')
    .values({ ...row, hash: hashRow(row) })
    .execute();
}

/** Appends a row in a transaction of its own (an event with no other write: a login, a switch, a key shown). */
export async function auditAlone(db: Kysely<DB>, who: AuditCtx, entry: AuditEntry): Promise<void> {
  await db.transaction().execute((trx) => audit(trx, who, entry));
}

/** Walks the chain in order: `{ ok: true, rows, last }` (the last row's id and hash), or the first row whose hash or link does not match. */
export async function verifyChain(
  db: Kysely<DB>,
): Promise<
  { ok: true; rows: number; last: { id: number; hash: string } | null } | { ok: false; rows: number; id: number; reason: string }
> {
  let prev = GENESIS;
  let rows = 0;
  let after = 0;
  for (;;) {
    const batch = await db.selectFrom('audit').selectAll().where('id', '>', after).orderBy('id').limit(1000).execute();
    if (!batch.length) return { ok: true, rows, last: rows ? { id: after, hash: prev } : null };
    for (const r of batch) {
      const id = Number(r.id);
      if (r.prev_hash !== prev) return { ok: false, rows, id, reason: '与上一行的哈希不衔接（上一行被改动或删除）' };
      if (hashRow(r as HashedRow) !== r.hash) return { ok: false, rows, id, reason: '内容与哈希不符（该行被改动）' };
      prev = r.hash;
      rows += 1;
      after = id;
    }
  }
}

/** The audit context of a command run on the server itself (no request, no session): named `cli`. */
export function commandCtx(db: Kysely<DB>, clock: () => number): AuditCtx {
  const dialect: Dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  return { dialect, clock, actorId: null, actorName: 'cli', managerId: null, ip: null };
}
