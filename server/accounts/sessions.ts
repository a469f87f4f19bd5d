import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/connection.js';
import type { DB, UsersTable } from '../schema/tables.js';
import { AppError, Code } from '../platform/http/envelope.js';
import { prepared } from '../platform/db/fast-query.js';
import { hashToken, newToken } from './session-tokens.js';
import { grantsOf, roleOf, staffRoles } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import type { SessionResolver } from '../platform/http/auth.js';
import { NO_GRANTS, type Grants } from '../../src/framework/declaration/index.js';

/** How long the token replaced by a rotation keeps working, for requests already in flight. */
const ROTATION_GRACE_MS = 60_000;
/** Sliding expiry is written at most this often per session. */
const SLIDE_EVERY_MS = 60_000;

export type UserRow = Omit<UsersTable, 'id' | 'balance' | 'login_count'> & { id: number; balance: number; login_count: number };

export interface SessionInfo {
  sessionId: number;
  managerId: number | null;
  user: UserRow;
  /** The user resells the catalogue (has a row in `resellers`, enabled or not): a customer holding the `reseller` grant. */
  reseller: boolean;
  /** Set when this request rotated the token: the new token goes out in the Authorization header. */
  rotatedToken?: string;
}

export interface SessionPolicy {
  ttlMs: number;
  rotateMs: number;
}

declare module '../platform/http/auth.js' {
  /** The platform's session is ours: `sessionOf(request)` gives a SessionInfo. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface: the platform's Session becomes ours
  interface Session extends SessionInfo {}
}

/** How the platform's auth check (server/platform/http/auth.ts) finds and reads our sessions. */
export function sessionResolver(ctx: Ctx): SessionResolver {
  const policy = { ttlMs: ctx.settings.sessionTtlMs, rotateMs: ctx.settings.sessionRotateMs };
  return {
    async resolve(token, _request, reply) {
      const session = await resolveSession(ctx.database, token, ctx.now(), policy);
      if (session.rotatedToken) reply.header('Authorization', `Bearer ${session.rotatedToken}`);
      return session;
    },
    roleOf: (session) => roleOf(session.user.type),
    grantsOf: (session) => (session.user.type === 'sup' ? grantsOf(staffRoles, session.user.role) : customerGrants(session)),
    userIdOf: (session) => session.user.id,
  };
}

const RESELLER: Grants = Object.freeze(['reseller'] as const);

/** What a customer's account holds beyond a customer's rules (`customer:<grant>`): a reseller resells. */
function customerGrants(session: SessionInfo): Grants {
  return session.reseller ? RESELLER : NO_GRANTS;
}

export async function createSession(
  db: Kysely<DB>,
  p: { userId: number; managerId?: number | null; ip?: string; now: number; ttlMs: number },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: p.userId,
      token_hash: hashToken(token),
      prev_token_hash: null,
      prev_valid_until: null,
      manager_id: p.managerId ?? null,
      issued_at: p.now,
      expires_at: p.now + p.ttlMs,
      revoked_at: null,
      ip: p.ip ?? null,
      create_at: p.now,
    })
    .execute();
  return token;
}

/** The session and its user by the hash of the current token, or of the one a rotation replaced. */
const sessionBy = (column: 's.token_hash' | 's.prev_token_hash') =>
  prepared((db) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('u')
      .select([
        's.id as s_id',
        's.token_hash as s_hash',
        's.manager_id as s_manager',
        's.issued_at as s_issued',
        's.expires_at as s_expires',
        's.revoked_at as s_revoked',
        's.prev_valid_until as s_prev_until',
      ])
      .select((eb) => eb.selectFrom('resellers as r').select('r.id').whereRef('r.user_id', '=', 'u.id').as('s_reseller'))
      .where(column, '=', ''),
  );
const byToken = sessionBy('s.token_hash');
const byPreviousToken = sessionBy('s.prev_token_hash');

/** The session and user behind a token, or the envelope code that refuses it (204 or 205). */
export async function resolveSession(database: Database, token: string, now: number, policy: SessionPolicy): Promise<SessionInfo> {
  const hash = hashToken(token);
  const { db } = database;
  let [row] = await database.caches.get(
    `session:${hash}`,
    now,
    () => byToken(database, [hash]),
    (rows) => rows.length > 0,
  );
  if (!row) [row] = await byPreviousToken(database, [hash]);
  if (!row) throw new AppError(Code.sessionInvalid, '登录状态无效');
  const current = row.s_hash === hash;
  if (!current && (row.s_prev_until ?? 0) < now) throw new AppError(Code.sessionInvalid, '登录状态无效');
  if (row.s_revoked !== null) throw new AppError(Code.revoked, '登录已被注销');
  if (row.s_expires <= now) throw new AppError(Code.sessionInvalid, '登录已过期');
  if (row.status !== 'active') throw new AppError(Code.revoked, '账号已被禁用');

  const info: SessionInfo = { sessionId: row.s_id, managerId: row.s_manager, user: pickUser(row), reseller: row.s_reseller !== null };
  if (current && now - row.s_issued >= policy.rotateMs) {
    info.rotatedToken = await rotate(db, row.s_id, hash, now, policy.ttlMs);
  } else if (row.s_expires - (now + policy.ttlMs) < -SLIDE_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ expires_at: now + policy.ttlMs })
      .where('id', '=', row.s_id)
      .execute();
  }
  return info;
}

async function rotate(db: Kysely<DB>, id: number, oldHash: string, now: number, ttlMs: number): Promise<string | undefined> {
  const token = newToken();
  // Conditional on the old hash, so two concurrent requests cannot both rotate the same session.
  const result = await db
    .updateTable('sessions')
    .set({
      token_hash: hashToken(token),
      prev_token_hash: oldHash,
      prev_valid_until: now + ROTATION_GRACE_MS,
      issued_at: now,
      expires_at: now + ttlMs,
    })
    .where('id', '=', id)
    .where('token_hash', '=', oldHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? token : undefined;
}

// Field by field: a rest pattern over the joined row cost several µs on every request.
function pickUser(r: UserRow): UserRow {
  return {
    id: r.id,
    username: r.username,
    password_hash: r.password_hash,
    type: r.type,
    status: r.status,
    balance: r.balance,
    email: r.email,
    tg: r.tg,
    group_id: r.group_id,
    create_at: r.create_at,
    update_at: r.update_at,
    login_at: r.login_at,
    login_count: r.login_count,
    login_ip: r.login_ip,
    role: r.role ?? null,
    reseller_id: r.reseller_id ?? null,
  };
}

export async function revokeSession(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Ends the calling session for good (logout): its token, and the one a rotation replaced, stop existing. */
export async function endSession(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/**
 * Ends every session of a user but one (after a password change) or all (when disabled or reset),
 * and every session a sup opened in a customer's account while this user was that sup: such a
 * session remembers the user as its manager and could switch back to a fresh session of theirs.
 */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, now: number, exceptId?: number): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('manager_id', '=', userId)]));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Ends the sessions a sup opened in customers' accounts (the sup was demoted). */
export async function revokeManagedSessions(db: Kysely<DB>, managerId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('revoked_at', 'is', null).where('manager_id', '=', managerId).execute();
}
