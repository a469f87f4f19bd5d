import type { Ctx } from '../platform/context.js';
import type { HookEnv, ResourceHooks } from '../platform/crud/hooks.js';
import { fail } from '../platform/http/envelope.js';
import { refusedUrl } from '../platform/http/outbound-address.js';
import { publicBase } from '../platform/http/public-url.js';
import type { Row } from '../platform/http/validate.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { toDollars } from '../platform/lib/money.js';
import { startOfDay } from '../platform/lib/time.js';
import { AGENT_PREFIX } from './protocol.routes.js';

/** The values as stored: trimmed, the key sealed (server/platform/lib/secret-box.ts). */
function stored(ctx: Ctx, values: Row): Row {
  const out = { ...values };
  if (typeof out.push_url === 'string') out.push_url = out.push_url.trim();
  if (typeof out.key === 'string') out.key = secretBox(ctx.settings).seal(out.key.trim());
  return out;
}

/** A push address is checked as it is saved (an IP inside or reserved refused unless private addresses are allowed); a name at each push. */
function checkAddress(ctx: Ctx, url: unknown): void {
  if (typeof url !== 'string') return;
  const why = refusedUrl(url.trim(), ctx.settings.webhookAllowPrivate, '短信推送地址');
  if (why) throw fail.badInput(why, { push_url: why });
}

/**
 * Aggregators: the key sealed (never sent back: `key_hint` shows its last four characters), the push
 * address checked; a new push address needs the key typed again (the key is sent with every push, so
 * whoever may change the address must know it). Computed for the list: the address to paste into the
 * aggregator's panel, its state, the numbers it holds, today's sales, the SMS waiting to be pushed.
 * One that ever took a number cannot be deleted (its records refer to it): disable it instead.
 */
export const aggregatorHooks: ResourceHooks = {
  beforeAdd(values, { ctx }) {
    checkAddress(ctx, values.push_url);
    return stored(ctx, values);
  },
  beforeEdit(_id, values, existing, { ctx }) {
    const moved = typeof values.push_url === 'string' && values.push_url.trim() !== String(existing.push_url ?? '').trim();
    const keyGiven = typeof values.key === 'string' && values.key.trim() !== '';
    if (moved) checkAddress(ctx, values.push_url);
    if (moved && !keyGiven) throw fail.badInput('更改短信推送地址时请重新填写密钥', { key: '更改短信推送地址时请重新填写密钥' });
    return stored(ctx, values);
  },
  async beforeDel(ids, { trx }: HookEnv) {
    const used = await trx.selectFrom('agent_activations').select('id').where('aggregator_id', 'in', ids).executeTakeFirst();
    if (used) throw fail.conflict('该聚合平台已有代售记录，不能删除；可改为停用');
  },
  async present(rows, raw, { ctx, request }) {
    const ids = raw.map((r) => Number(r.id));
    const waiting = new Map<number, number>();
    const today = new Map<number, number>();
    const pending = new Map<number, number>();
    if (ids.length) {
      const since = startOfDay(ctx.now(), ctx.settings.timeZone);
      const [held, sold, queued] = await Promise.all([
        ctx.db
          .selectFrom('agent_activations')
          .select((eb) => ['aggregator_id', eb.fn.countAll<number>().as('n')])
          .where('aggregator_id', 'in', ids)
          .where('status', '=', 'waiting')
          .groupBy('aggregator_id')
          .execute(),
        ctx.db
          .selectFrom('agent_activations')
          .select((eb) => ['aggregator_id', eb.fn.sum<number>('amount').as('n')])
          .where('aggregator_id', 'in', ids)
          .where('status', '=', 'sold')
          .where('finish_at', '>=', since)
          .groupBy('aggregator_id')
          .execute(),
        ctx.db
          .selectFrom('agent_pushes')
          .select((eb) => ['aggregator_id', eb.fn.countAll<number>().as('n')])
          .where('aggregator_id', 'in', ids)
          .where('state', '=', 'pending')
          .groupBy('aggregator_id')
          .execute(),
      ]);
      for (const r of held) waiting.set(Number(r.aggregator_id), Number(r.n));
      for (const r of sold) today.set(Number(r.aggregator_id), Number(r.n));
      for (const r of queued) pending.set(Number(r.aggregator_id), Number(r.n));
    }
    const box = secretBox(ctx.settings);
    const base = publicBase(ctx, request);
    rows.forEach((row, i) => {
      const r = raw[i];
      const id = Number(r.id);
      row.endpoint_url = `${base}${AGENT_PREFIX}${id}`;
      let hint: string;
      try {
        hint = `••••${box.open(String(r.key)).slice(-4)}`;
      } catch {
        hint = '无法解密（密钥文件或 SECRET_KEY 已更换），请重新填写';
      }
      row.key_hint = hint;
      row.state = !Number(r.enabled) ? 'off' : r.failing_since !== null ? 'failing' : r.last_call_at === null ? 'waiting' : 'ok';
      row.waiting_count = waiting.get(id) ?? 0;
      row.today_sales = toDollars(today.get(id) ?? 0);
      row.pending_pushes = pending.get(id) ?? 0;
    });
  },
};

/** 代售记录: the activation id the aggregator knows is the row's own. */
export const activationHooks: ResourceHooks = {
  present(rows) {
    for (const row of rows) row.activation_id = row.id;
  },
};
