import type { Kysely } from 'kysely';
import type { CheckAnswer, CheckRow } from '../../../resources.config.js';
import type { Ctx } from '../../platform/context.js';
import type { DB } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';
import { formatTime } from '../../platform/lib/time.js';
import { identKey } from '../../catalog/index.js';
import { CHECK_VALID_MS, newCheckCode } from './check-codes.js';
import { addMissingRecords, placeNumbers, slotText, stillChecking, type Slot } from './records.js';

/** Numbers one check may ask for: an operator sends each an SMS by hand. */
export const MAX_CHECK = 500;

/** What to check: records by id, a device's numbers, or numbers typed one per line. */
export interface CheckRequest {
  ids?: number[];
  deviceId?: number;
  /** With `deviceId`: only its numbers not confirmed yet. */
  unconfirmedOnly?: boolean;
  text?: string;
}

/**
 * Gives each chosen number a check code (a number still waiting with a valid code keeps it: the
 * operator may have sent it already). The numbers' place is not changed: the SMS tells it.
 */
export async function requestChecks(ctx: Ctx, req: CheckRequest): Promise<CheckAnswer> {
  const now = ctx.now();
  let missing = 0;
  let query = ctx.db.selectFrom('device_numbers').select(['id', 'check_code', 'check_at']);
  if (req.text !== undefined) {
    const keys = [...new Set(req.text.split(/\r\n|\r|\n/).map((l) => identKey(l.split('----')[0])))].filter(Boolean);
    if (!keys.length) throw fail.badInput('请填写要核对的号码', { text: '请填写要核对的号码' });
    if (keys.length > MAX_CHECK) throw fail.badInput(`一次最多核对 ${MAX_CHECK} 个号码`, { text: `一次最多核对 ${MAX_CHECK} 个号码` });
    if (keys.some((k) => k.includes('@'))) throw fail.badInput('只能核对手机号码', { text: '只能核对手机号码' });
    await addMissingRecords(ctx.db, now, keys);
    query = query.where('ident_key', 'in', keys);
    const found = await ctx.db.selectFrom('device_numbers').select('id').where('ident_key', 'in', keys).execute();
    missing = keys.length - found.length;
  } else if (req.ids) {
    if (!req.ids.length) throw fail.badInput('请选择要核对的号码');
    if (req.ids.length > MAX_CHECK) throw fail.badInput(`一次最多核对 ${MAX_CHECK} 个号码`);
    query = query.where('id', 'in', req.ids);
  } else if (req.deviceId !== undefined) {
    const device = await ctx.db.selectFrom('devices').select('id').where('id', '=', req.deviceId).executeTakeFirst();
    if (!device) throw fail.notFound('设备不存在');
    query = query.where('device_id', '=', req.deviceId);
    if (req.unconfirmedOnly) query = query.where('state', '!=', 'confirmed');
  } else {
    throw fail.badInput('请选择要核对的号码');
  }
  const rows = await query
    .orderBy('id')
    .limit(MAX_CHECK + 1)
    .execute();
  if (rows.length > MAX_CHECK) throw fail.badInput(`一次最多核对 ${MAX_CHECK} 个号码：请分批核对`);
  if (!rows.length) {
    if (req.text !== undefined) throw fail.badInput('这些号码都不在库存中', { text: '这些号码都不在库存中' });
    throw fail.badInput(req.deviceId !== undefined ? '这台设备上没有需要核对的号码：先绑定号码，或在下面输入号码' : '没有找到要核对的号码');
  }

  // A code still valid is kept (the operator may have sent it already; a second SMS with it proves the place again).
  const valid = (r: (typeof rows)[number]) => r.check_code !== null && Number(r.check_at) > now - CHECK_VALID_MS;
  const kept = rows.filter(valid).map((r) => Number(r.id));
  if (kept.length)
    await ctx.db.updateTable('device_numbers').set({ state: 'checking', check_at: now, update_at: now }).where('id', 'in', kept).execute();
  const due = rows.filter((r) => !valid(r));
  for (let attempt = 0; due.length; attempt++) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const taken = new Set(
          (await trx.selectFrom('device_numbers').select('check_code').where('check_code', 'is not', null).execute()).map(
            (r) => r.check_code!,
          ),
        );
        for (const r of due) {
          const code = newCheckCode(taken);
          taken.add(code);
          await trx
            .updateTable('device_numbers')
            .set({ check_code: code, check_at: now, state: 'checking', update_at: now })
            .where('id', '=', r.id)
            .execute();
        }
      });
      break;
    } catch (err) {
      // Another check took a code at the same moment (the unique index): draw again.
      if (attempt >= 2) throw err;
    }
  }
  return {
    list: await checkRows(
      ctx,
      rows.map((r) => Number(r.id)),
    ),
    missing,
    valid_until: formatTime(now + CHECK_VALID_MS, ctx.settings.timeZone),
  };
}

/** The checks' state now (the console polls it while the operator sends the SMS). */
export async function checkRows(ctx: Ctx, ids: number[]): Promise<CheckRow[]> {
  if (!ids.length) return [];
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('device_numbers as n')
    .leftJoin('devices as d', 'd.id', 'n.device_id')
    .select([
      'n.id',
      'n.identifier',
      'n.check_code',
      'n.check_at',
      'n.state',
      'n.device_id',
      'd.name as device_name',
      'n.slot',
      'n.confirmed_at',
    ])
    .where('n.id', 'in', ids)
    .orderBy('n.id')
    .execute();
  return rows.map((r) => {
    const stale = r.check_code !== null && Number(r.check_at) <= now - CHECK_VALID_MS;
    return {
      id: Number(r.id),
      identifier: r.identifier,
      check_code: stale ? null : r.check_code,
      state: stale && r.state === 'checking' ? (r.confirmed_at === null ? 'unconfirmed' : 'confirmed') : r.state,
      device_id: r.device_id === null ? null : Number(r.device_id),
      device_name: r.device_name ?? null,
      slot: r.slot,
      slot_text: slotText(r.slot),
      confirmed_at: formatTime(r.confirmed_at === null ? null : Number(r.confirmed_at), ctx.settings.timeZone),
    };
  });
}

export interface Confirmed {
  identKey: string;
  identifier: string;
}

/**
 * An SMS carrying a check code came in on device `deviceId`, slot `slot`: the number the code was
 * given to is there. In one transaction: the number and its stock move to that device, with that
 * slot, confirmed; a slot holds one SIM, so another number recorded in the same slot loses it; and
 * for a phone's SIM1/SIM2 the device's 卡槽1号码/卡槽2号码 become that number (no other device keeps
 * it in a slot), so an SMS whose SIM remark is empty is still read for the right number.
 * Null when the code is unknown or too old.
 */
export async function confirmCheck(ctx: Ctx, deviceId: number, slot: Slot | null, code: string): Promise<Confirmed | null> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const record = await trx
      .selectFrom('device_numbers')
      .select(['id', 'ident_key', 'identifier'])
      .where('check_code', '=', code)
      .where('check_at', '>', now - CHECK_VALID_MS)
      .executeTakeFirst();
    if (!record) return null;
    if (slot) {
      await trx
        .updateTable('device_numbers')
        .set({ slot: null, state: stillChecking, confirmed_at: null, update_at: now })
        .where('device_id', '=', deviceId)
        .where('slot', '=', slot)
        .where('id', '!=', record.id)
        .execute();
    }
    await placeNumbers(trx, [record.ident_key], deviceId, now, { slot });
    if (slot === '1' || slot === '2') await setSlotNumber(trx, deviceId, slot, record.identifier, record.ident_key);
    return { identKey: record.ident_key, identifier: record.identifier };
  });
}

async function setSlotNumber(trx: Kysely<DB>, deviceId: number, slot: '1' | '2', identifier: string, key: string): Promise<void> {
  const holders = await trx
    .selectFrom('devices')
    .select(['id', 'sim1', 'sim2'])
    .where((eb) => eb.or([eb('sim1', 'is not', null), eb('sim2', 'is not', null)]))
    .execute();
  for (const d of holders) {
    const clear: { sim1?: null; sim2?: null } = {};
    if (d.sim1 && identKey(d.sim1) === key && !(Number(d.id) === deviceId && slot === '1')) clear.sim1 = null;
    if (d.sim2 && identKey(d.sim2) === key && !(Number(d.id) === deviceId && slot === '2')) clear.sim2 = null;
    if (Object.keys(clear).length) await trx.updateTable('devices').set(clear).where('id', '=', d.id).execute();
  }
  // The slot's number as a 卡槽 field accepts it: digits with an optional +.
  const spelled = /^\+?\d{5,15}$/.test(identifier) ? identifier : /^\d{5,15}$/.test(key) ? key : null;
  if (!spelled) return;
  await trx
    .updateTable('devices')
    .set(slot === '1' ? { sim1: spelled } : { sim2: spelled })
    .where('id', '=', deviceId)
    .execute();
}
