import { sql, type Kysely } from 'kysely';
import type { DB } from '../../schema/tables.js';

/**
 * The per-number records (`device_numbers`, one row per phone number in stock, keyed by its digits)
 * and the one rule that keeps them honest: a number's device is its stock items' `device_id` (what
 * delivery, the inbox's 分配 and the aggregators read), so every change of device goes through
 * `placeNumbers`, which writes both in the caller's transaction.
 */

/** A slot a device said it received on: `1`, `2` (SmsForwarder's SIM1/SIM2) or a modem pool's PhoneID. */
export type Slot = string;

/** How the console shows a slot. */
export function slotText(slot: string | null | undefined): string {
  if (!slot) return '';
  return /^[12]$/.test(slot) ? `卡槽${slot}` : `端口 ${slot}`;
}

/**
 * Records for the stock numbers that have none yet (phone numbers only: mail does not reach a
 * device), with their stock's device; `keys` narrows it to those numbers. Records whose stock was
 * bound to another device since (a stock import with a device) follow it: their slot is no longer
 * known. Both statements are idempotent and safe beside another process doing the same.
 */
export async function syncRecords(db: Kysely<DB>, now: number, keys?: string[]): Promise<void> {
  if (keys && !keys.length) return;
  await addMissingRecords(db, now, keys);
  // Bound elsewhere by the catalog (a stock import naming a device binds that product's items): the
  // newest binding wins, for the record and for every stock item of the number.
  let moved = db
    .selectFrom('device_numbers as d')
    .innerJoin('stock_items as s', 's.ident_key', 'd.ident_key')
    .select(['d.ident_key', 's.device_id', 's.update_at'])
    .where('s.device_id', 'is not', null)
    .where((eb) => eb.or([eb('d.device_id', 'is', null), eb('d.device_id', '!=', eb.ref('s.device_id'))]));
  if (keys) moved = moved.where('d.ident_key', 'in', keys);
  const newest = new Map<string, { deviceId: number; at: number }>();
  for (const r of await moved.limit(5000).execute()) {
    const at = Number(r.update_at);
    const held = newest.get(r.ident_key);
    if (!held || at > held.at) newest.set(r.ident_key, { deviceId: Number(r.device_id), at });
  }
  const byDevice = new Map<number, string[]>();
  for (const [key, { deviceId }] of newest) byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), key]);
  for (const [deviceId, list] of byDevice) {
    await db.transaction().execute((trx) => placeNumbers(trx, list, deviceId, now));
  }

  // A product's item imported later without a device: the number's device is still its record's.
  let unbound = db
    .updateTable('stock_items')
    .set((eb) => ({
      device_id: eb.selectFrom('device_numbers as d').select('d.device_id').whereRef('d.ident_key', '=', 'stock_items.ident_key').limit(1),
    }))
    .where('device_id', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_numbers as d')
          .select('d.id')
          .whereRef('d.ident_key', '=', 'stock_items.ident_key')
          .where('d.device_id', 'is not', null),
      ),
    );
  if (keys) unbound = unbound.where('ident_key', 'in', keys);
  await unbound.execute();

  await adoptSlotNumbers(db, now);
}

/**
 * The numbers the sup typed into devices' SIM slots (卡槽1号码/卡槽2号码) that no device holds yet
 * are that device's, in that slot (typed, not proved); a record of that device without a slot gets
 * it. Numbers bound to another device stay there (a check SMS settles it). `deviceIds` narrows it.
 */
export async function adoptSlotNumbers(db: Kysely<DB>, now: number, deviceIds?: number[]): Promise<void> {
  if (deviceIds && !deviceIds.length) return;
  let q = db
    .selectFrom('devices')
    .select(['id', 'sim1', 'sim2'])
    .where((eb) => eb.or([eb('sim1', 'is not', null), eb('sim2', 'is not', null)]));
  if (deviceIds) q = q.where('id', 'in', deviceIds);
  const typed = new Map<string, { deviceId: number; slot: '1' | '2' }>();
  for (const d of await q.execute()) {
    for (const [slot, number] of [
      ['1', d.sim1],
      ['2', d.sim2],
    ] as const) {
      const key = (number ?? '').replace(/[^\d]/g, '');
      if (key && !typed.has(key)) typed.set(key, { deviceId: Number(d.id), slot });
    }
  }
  if (!typed.size) return;
  const open = await db
    .selectFrom('device_numbers')
    .select(['ident_key', 'device_id'])
    .where('ident_key', 'in', [...typed.keys()])
    .where((eb) => eb.or([eb('device_id', 'is', null), eb('slot', 'is', null)]))
    .execute();
  for (const r of open) {
    const { deviceId, slot } = typed.get(r.ident_key)!;
    if (r.device_id !== null && Number(r.device_id) !== deviceId) continue;
    const adopt = async (trx: Kysely<DB>) => {
      await trx
        .updateTable('device_numbers')
        .set({ device_id: deviceId, slot, update_at: now })
        .where('ident_key', '=', r.ident_key)
        .where((eb) => eb.or([eb('device_id', 'is', null), eb('device_id', '=', deviceId)]))
        .where('slot', 'is', null)
        .execute();
      await trx
        .updateTable('stock_items')
        .set({ device_id: deviceId, update_at: now })
        .where('ident_key', '=', r.ident_key)
        .where('device_id', 'is', null)
        .execute();
    };
    await (db.isTransaction ? adopt(db) : db.transaction().execute(adopt));
  }
}

/**
 * A number whose place is no longer known: still being checked when a check code asked for after its
 * last confirmation waits for its SMS (a code is kept a day after it proved a place: a second SMS
 * with it proves it again). Read in an update, the columns are the row's values before it.
 */
export const stillChecking = sql<'unconfirmed' | 'checking'>`case when check_code is not null
  and (confirmed_at is null or confirmed_at < check_at) then 'checking' else 'unconfirmed' end`;

/** Records for the stock numbers (of `keys`, when given) that have none yet, with their stock's device. */
export async function addMissingRecords(db: Kysely<DB>, now: number, keys?: string[]): Promise<void> {
  if (keys && !keys.length) return;
  let missing = db
    .selectFrom('stock_items as s')
    .select((eb) => [
      's.ident_key',
      eb.fn.min('s.identifier').as('identifier'),
      eb.fn.max('s.device_id').as('device_id'),
      sql<number>`cast(${now} as bigint)`.as('create_at'),
      sql<number>`cast(${now} as bigint)`.as('update_at'),
    ])
    .where('s.ident_key', 'not like', '%@%')
    .where('s.ident_key', '!=', '')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('device_numbers as d').select('d.id').whereRef('d.ident_key', '=', 's.ident_key'))))
    .groupBy('s.ident_key');
  if (keys) missing = missing.where('s.ident_key', 'in', keys);
  await db
    .insertInto('device_numbers')
    .columns(['ident_key', 'identifier', 'device_id', 'create_at', 'update_at'])
    .expression(missing)
    .onConflict((oc) => oc.column('ident_key').doNothing())
    .execute();
}

/**
 * Puts numbers on a device (null: on none), in the caller's transaction: their records and every
 * stock item of theirs. A number that changes device loses its slot and its confirmation, unless
 * `slot` proves the new place (a check SMS).
 */
export async function placeNumbers(
  trx: Kysely<DB>,
  keys: string[],
  deviceId: number | null,
  now: number,
  proof?: { slot: Slot | null },
): Promise<void> {
  if (!keys.length) return;
  await trx.updateTable('stock_items').set({ device_id: deviceId, update_at: now }).where('ident_key', 'in', keys).execute();
  await placeRecords(trx, keys, deviceId, now, proof);
}

/** The records' half of placeNumbers, for a caller that has moved the stock items itself. */
export async function placeRecords(
  trx: Kysely<DB>,
  keys: string[],
  deviceId: number | null,
  now: number,
  proof?: { slot: Slot | null },
): Promise<void> {
  if (!keys.length) return;
  if (proof) {
    await trx
      .updateTable('device_numbers')
      .set({ device_id: deviceId, slot: proof.slot, state: 'confirmed', confirmed_at: now, update_at: now })
      .where('ident_key', 'in', keys)
      .execute();
    return;
  }
  await trx
    .updateTable('device_numbers')
    .set({ device_id: deviceId, slot: null, state: stillChecking, confirmed_at: null, update_at: now })
    .where('ident_key', 'in', keys)
    .where((eb) =>
      deviceId === null ? eb('device_id', 'is not', null) : eb.or([eb('device_id', 'is', null), eb('device_id', '!=', deviceId)]),
    )
    .execute();
}
