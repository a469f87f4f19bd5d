import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { hashRecoveryCode, isTotpCode, matchStep, newRecoveryCode, newSecret, normalizeRecoveryCode, RECOVERY_CODES } from './totp.js';

/**
 * An account's TOTP in the database (table `user_totp`, migration 017): the secret sealed with the
 * server's secret box (codes are computed from it, so a hash will not do), recovery codes as HMACs keyed
 * with that secret (totp.ts).
 * Spending a code is one conditional update, so two logins racing with the same code cannot both win.
 */

export interface TotpState {
  enabled: boolean;
  /** Recovery codes not yet used. */
  recovery_left: number;
  enabled_at: number | null;
}

export async function totpState(db: Kysely<DB>, userId: number): Promise<TotpState> {
  const row = await db.selectFrom('user_totp').select(['enabled_at']).where('user_id', '=', userId).executeTakeFirst();
  const enabled = row?.enabled_at != null;
  let left = 0;
  if (enabled) {
    const count = await db
      .selectFrom('totp_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    left = Number(count.n);
  }
  return { enabled, recovery_left: left, enabled_at: row?.enabled_at == null ? null : Number(row.enabled_at) };
}

export async function totpEnabled(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user_totp').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.enabled_at != null;
}

/** A new secret waiting for its first code; replaces one shown before. Refused while TOTP is on. */
export async function startSetup(ctx: Ctx, userId: number): Promise<string> {
  if (await totpEnabled(ctx.db, userId)) throw fail.conflict('两步验证已开启；如需更换，请先关闭再重新开启');
  const secret = newSecret();
  const sealed = secretBox(ctx.settings).seal(secret);
  const now = ctx.now();
  await ctx.db
    .insertInto('user_totp')
    .values({ user_id: userId, secret: null, pending_secret: sealed, enabled_at: null, last_step: null, update_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: sealed, update_at: now }))
    .execute();
  return secret;
}

/**
 * Turns TOTP on with a code of the secret being set up; answers the ten recovery codes (shown once).
 * Undefined when the code is not that secret's now.
 */
export async function enableTotp(
  ctx: Ctx,
  userId: number,
  code: string,
  inside?: (trx: Kysely<DB>) => Promise<void>,
): Promise<string[] | undefined> {
  const row = await ctx.db
    .selectFrom('user_totp')
    .select(['pending_secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row?.enabled_at != null) throw fail.conflict('两步验证已开启');
  if (!row?.pending_secret) throw fail.conflict('请先点击“开启两步验证”获取密钥');
  const secret = secretBox(ctx.settings).open(row.pending_secret);
  const step = matchStep(secret, code.replace(/\s/g, ''), ctx.now());
  if (step === null) return undefined;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('user_totp')
      .set({ secret: row.pending_secret, pending_secret: null, enabled_at: now, last_step: step, update_at: now })
      .where('user_id', '=', userId)
      .where('pending_secret', '=', row.pending_secret!)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw fail.conflict('设置已变化，请刷新后重新开启');
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('totp_recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c, secret), used_at: null, create_at: now })))
      .execute();
    await inside?.(trx);
  });
  return codes;
}

/**
 * Spends a second-step code of an account with TOTP on: a current code (this step or one either
 * side) newer than the last one accepted, or an unused recovery code. False when it is neither.
 */
export async function spendCode(ctx: Ctx, userId: number, input: string): Promise<boolean> {
  const now = ctx.now();
  const row = await ctx.db.selectFrom('user_totp').select(['secret', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row?.secret || row.enabled_at == null) return false;
  const secret = secretBox(ctx.settings).open(row.secret);
  if (isTotpCode(input)) {
    const step = matchStep(secret, input.replace(/\s/g, ''), now);
    if (step === null) return false;
    const spent = await ctx.db
      .updateTable('user_totp')
      .set({ last_step: step, update_at: now })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }
  const normalized = normalizeRecoveryCode(input);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const used = await ctx.db
    .updateTable('totp_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(normalized, secret))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Turns TOTP off: the secret and every recovery code are gone (a new setup starts afresh). `inside` runs last in its transaction. */
export async function clearTotp(db: Kysely<DB>, userId: number, inside?: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const was = await removeTotp(trx, userId);
    await inside?.(trx);
    return was;
  });
}

/** The deletes of clearTotp, inside a caller's transaction; true when TOTP was on. */
export async function removeTotp(db: Kysely<DB>, userId: number): Promise<boolean> {
  const was = await totpEnabled(db, userId);
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  return was;
}
