import { linkStates } from '../../../resources.config.js';
import type { Ctx } from '../../platform/context.js';
import { formatTime } from '../../platform/lib/time.js';

/**
 * For each number (its digits): who holds it now, every holder in one line: a customer's link, a
 * rental, an aggregator's activation still waiting (the agents area's table, read here: that area
 * imports this one); else its stock's state (空闲 when some product can sell it).
 */
export async function holdersOf(ctx: Ctx, keys: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string[]>();
  if (!keys.length) return new Map();
  const now = ctx.now();
  const add = (key: string, text: string) => out.set(key, [...(out.get(key) ?? []), text]);

  const links = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.ident_key', 't.kind', 't.expires_at', 'u.username'])
    .where('t.ident_key', 'in', keys)
    .where('t.state', 'in', [...linkStates.live])
    .where('t.expires_at', '>', now)
    .orderBy('t.id')
    .execute();
  for (const l of links) {
    if (l.kind === 'rent') add(l.ident_key, `租用：${l.username}（至 ${formatTime(Number(l.expires_at), ctx.settings.timeZone)}）`);
    else add(l.ident_key, `客户 ${l.username} 的链接 #${l.id}`);
  }
  const handed = await ctx.db
    .selectFrom('agent_activations as w')
    .innerJoin('aggregators as a', 'a.id', 'w.aggregator_id')
    .select(['w.id', 'w.ident_key', 'w.service', 'a.name'])
    .where('w.ident_key', 'in', keys)
    .where('w.status', '=', 'waiting')
    .orderBy('w.id')
    .execute();
  for (const w of handed) add(w.ident_key, `聚合平台 ${w.name}（${w.service}，激活 #${w.id}）`);

  const free = keys.filter((k) => !out.has(k));
  const result = new Map([...out].map(([k, texts]) => [k, texts.join('；')]));
  if (free.length) {
    const stock = await ctx.db.selectFrom('stock_items').select(['ident_key', 'state']).where('ident_key', 'in', free).execute();
    const states = new Map<string, Set<string>>();
    for (const s of stock) states.set(s.ident_key, (states.get(s.ident_key) ?? new Set()).add(s.state));
    for (const k of free) {
      const held = states.get(k);
      result.set(k, !held ? '不在库存' : held.has('available') ? '空闲' : held.has('sold') ? '已售出' : '已停用');
    }
  }
  return result;
}
