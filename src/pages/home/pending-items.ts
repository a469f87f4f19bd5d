import { pages, resources } from '../../../resources.config';
import type { Pending } from './use-pending';

/** One line of the 待处理 card: a state tag, what it is, and the screen where it is acted on. */
export interface PendingItem {
  key: string;
  tag: { text: string; tone: 'bad' | 'warn' | 'good' };
  text: string;
  to: string;
}

const MINUTE = 60_000;

/** A duration as people say it: 45 分钟, 3 小时 5 分钟, 2 天 3 小时 (the two largest units). */
export function howLong(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return hours ? `${days} 天 ${hours} 小时` : `${days} 天`;
  if (hours) return rest ? `${hours} 小时 ${rest} 分钟` : `${hours} 小时`;
  return `${minutes} 分钟`;
}

/** The first few names, then 等 N <unit> when there are more. */
const some = (names: string[], count: number, unit: string) => `${names.slice(0, 3).join('、')}${count > 3 ? ` 等 ${count} ${unit}` : ''}`;

/** A list's address with its filters set (the list reads `f_<field>` from the address). */
const filtered = (route: string, filters: Record<string, string>) =>
  `${route}?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [`f_${k}`, v])).toString()}`;

/** What needs doing, worst first: what is broken, then what waits for a hand. */
export function pendingItems(p: Pending): PendingItem[] {
  const items: PendingItem[] = [];
  for (const d of p.devices?.silent ?? []) {
    items.push({
      key: `device-${d.id}`,
      tag: { text: '失联', tone: 'bad' },
      text: `设备「${d.name}」${d.heard ? '已' : '添加后'} ${howLong(d.silent_ms)}没有上报短信`,
      to: resources.devices.route,
    });
  }
  const unnamed = (p.devices?.silent_count ?? 0) - (p.devices?.silent.length ?? 0);
  if (unnamed > 0) {
    items.push({ key: 'device-more', tag: { text: '失联', tone: 'bad' }, text: `另有 ${unnamed} 台设备失联`, to: resources.devices.route });
  }
  for (const w of p.usdt_watcher ?? []) {
    items.push({
      key: `usdt-${w.address}`,
      tag: { text: '异常', tone: 'bad' },
      text: `USDT 到账监听连续失败 ${w.failures} 次（${howLong(w.since_ms)}前）：${w.error}`,
      to: pages.usdtConfig.route,
    });
  }
  for (const pr of p.providers ?? []) {
    items.push({
      key: `provider-${pr.id}`,
      tag: { text: '异常', tone: 'bad' },
      text: `上游渠道「${pr.name}」调用失败：${pr.error}`,
      to: resources.providers.route,
    });
  }
  for (const a of p.aggregators?.failing ?? []) {
    items.push({
      key: `aggregator-${a.id}`,
      tag: { text: '异常', tone: 'bad' },
      text: `聚合平台「${a.name}」的短信推送已连续失败 ${howLong(a.since_ms)}：${a.error}`,
      to: resources.aggregator.route,
    });
  }
  const moreAggregators = (p.aggregators?.count ?? 0) - (p.aggregators?.failing.length ?? 0);
  if (moreAggregators > 0) {
    items.push({
      key: 'aggregator-more',
      tag: { text: '异常', tone: 'bad' },
      text: `另有 ${moreAggregators} 个聚合平台的短信推送连续失败`,
      to: resources.aggregator.route,
    });
  }
  if (p.messages) {
    items.push({
      key: 'messages',
      tag: { text: '待分配', tone: 'warn' },
      text: `收件箱有 ${p.messages} 条验证码没有送达任何号码`,
      to: filtered(resources.messages.route, { matched: 'false' }),
    });
  }
  if (p.transfers) {
    items.push({
      key: 'transfers',
      tag: { text: '待入账', tone: 'warn' },
      text: `${p.transfers} 笔 USDT 转账没有匹配到订单`,
      to: filtered(resources.transfers.route, { state: 'unmatched' }),
    });
  }
  const expiring = p.expiring_numbers;
  if (expiring?.count) {
    const named = expiring.numbers.map((n) => `${n.identifier}（${n.days_left_text}）`);
    items.push({
      key: 'numbers-expiring',
      tag: { text: '将到期', tone: 'warn' },
      text: `${expiring.count} 个设备号码的 SIM 卡 ${expiring.days} 天内到期或已到期：${some(named, expiring.count, '个')}`,
      // The 设备号码 list narrowed to the same cut-off, soonest first.
      to: `${filtered(resources.device_numbers.route, { expire_at: `~${expiring.before}` })}&sort=expire_at&order=asc`,
    });
  }
  if (p.sold_out?.count) {
    items.push({
      key: 'sold-out',
      tag: { text: '缺货', tone: 'warn' },
      text: `${p.sold_out.count} 个上架商品没有库存：${some(p.sold_out.titles, p.sold_out.count, '个')}`,
      to: `${filtered(resources.goods.route, { on_sale: 'true' })}&sort=stock&order=asc`,
    });
  }
  if (p.webhooks?.count) {
    items.push({
      key: 'webhooks',
      tag: { text: '已暂停', tone: 'warn' },
      text: `${p.webhooks.count} 位客户的回调地址连续失败已暂停：${some(p.webhooks.users, p.webhooks.count, '位')}`,
      to: filtered(resources.delivery.route, { status: 'failed' }),
    });
  }
  return items;
}
