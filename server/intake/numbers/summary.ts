import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import { expiringBefore } from './expiry.js';

export interface DeviceNumbersSummary {
  total: number;
  unconfirmed: number;
  expiring: number;
}

/** Per device: its numbers, those whose slot no SMS has proved, those about to lapse. */
export async function numbersByDevice(ctx: Ctx, deviceIds: number[]): Promise<Map<number, DeviceNumbersSummary>> {
  const out = new Map<number, DeviceNumbersSummary>();
  if (!deviceIds.length) return out;
  const before = expiringBefore(ctx);
  const rows = await ctx.db
    .selectFrom('device_numbers')
    .select((eb) => [
      'device_id',
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when state = 'confirmed' then 0 else 1 end)`.as('unconfirmed'),
      sql<number>`sum(case when expire_at is not null and expire_at <= ${before} then 1 else 0 end)`.as('expiring'),
    ])
    .where('device_id', 'in', deviceIds)
    .groupBy('device_id')
    .execute();
  for (const r of rows) {
    out.set(Number(r.device_id), { total: Number(r.total), unconfirmed: Number(r.unconfirmed), expiring: Number(r.expiring) });
  }
  return out;
}

/** 设备管理's 号码 column: `8 个（未确认 2，即将到期 1）`. */
export function summaryText(s: DeviceNumbersSummary | undefined): string {
  if (!s?.total) return '0';
  const notes = [s.unconfirmed ? `未确认 ${s.unconfirmed}` : '', s.expiring ? `即将到期 ${s.expiring}` : ''].filter(Boolean);
  return notes.length ? `${s.total} 个（${notes.join('，')}）` : `${s.total} 个`;
}
