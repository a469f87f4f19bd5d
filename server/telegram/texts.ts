/** What the bot says, all in one place: short, Chinese, with the console's link where one helps. */

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const link = (base: string | null, path: string) => (base ? `\n${base}${path}` : '');

export const HELP = ['可用命令：', '/balance 查看余额', '/codes 最近五条验证码', '/stop 解绑此聊天', '/help 显示本帮助'].join('\n');

export const NOT_BOUND = '此聊天尚未绑定账户。请登录控制台，在“修改信息”页点“绑定 Telegram”，然后点击链接或发送 /start 绑定码。';
export const BAD_CODE = '绑定码无效或已过期，请在控制台“修改信息”页重新获取。';
export const UNBOUND = '已解绑，此聊天不再收到通知。';
export const UNBOUND_ELSEWHERE = '此聊天已在控制台解绑，不再收到通知。';
export const REPLACED = '账户已绑定到另一个聊天，此聊天不再收到该账户的通知。';

export function boundText(username: string): string {
  return `已绑定账户 ${username}。\n${HELP}`;
}

export function balanceText(username: string, cents: number): string {
  return `账户 ${username} 的余额：${money(cents)}`;
}

export function codesText(rows: { identifier: string; code: string; product: string; at: string }[]): string {
  if (!rows.length) return '还没有收到过验证码。';
  return ['最近的验证码：', ...rows.map((r) => `${r.at}  ${r.identifier}  ${r.code}（${r.product}）`)].join('\n');
}

export function codeText(c: { identifier: string; code: string; product: string; at: string }): string {
  return `验证码到达\n号码：${c.identifier}\n验证码：${c.code}\n商品：${c.product}\n时间：${c.at}`;
}

export function balanceLowText(username: string, balance: number, threshold: number, base: string | null): string {
  return `余额不足：账户 ${username} 的余额为 ${money(balance)}，低于提醒金额 ${money(threshold)}，请及时充值。${link(base, '/account/recharge')}`;
}

export function deviceSilentText(name: string, minutes: number, lastSeen: string | null, base: string | null): string {
  return `设备失联：「${name}」已超过 ${minutes} 分钟没有消息（最后一次：${lastSeen ?? '从未'}）。请检查手机是否关机、断网或被系统杀掉后台。${link(base, '/system/device')}`;
}

export function numbersExpiringText(
  days: number,
  total: number,
  list: { identifier: string; device_name: string | null; days_left_text: string }[],
  base: string | null,
): string {
  const lines = list.map(
    (n) =>
      `${n.identifier}${n.device_name ? `（${n.device_name}）` : ''} ${n.days_left_text === '已到期' ? '已到期' : `剩 ${n.days_left_text}`}`,
  );
  const more = total > list.length ? [`……共 ${total} 个`] : [];
  return (
    [`号码即将到期：${total} 个号码的 SIM 卡将在 ${days} 天内到期（或已到期），请及时充值或发短信保号。`, ...lines, ...more].join('\n') +
    link(base, '/system/device/number?sort=expire_at&order=asc')
  );
}

export function stockLowText(title: string, stock: number, alert: number, base: string | null): string {
  return `库存不足：商品「${title}」可售库存 ${stock}，低于提醒值 ${alert}。${link(base, '/items/goods')}`;
}

export function upstreamLowText(name: string, balance: number, alert: number, base: string | null): string {
  return `上游余额不足：上游渠道「${name}」余额 ${(balance / 100).toFixed(2)}，低于提醒值 ${(alert / 100).toFixed(2)}。${link(base, '/system/provider')}`;
}

export function agentFailingText(name: string, minutes: number, error: string | null, base: string | null): string {
  return `聚合平台推送失败：发给「${name}」的短信已连续 ${minutes} 分钟推送不出去（最近错误：${error ?? '未知'}）。短信仍每 10 秒重试一次，请检查它的短信推送地址是否正确、平台是否正常。${link(base, '/items/aggregator')}`;
}

export function transferText(amount: number, from: string, tx: string, base: string | null): string {
  return `未匹配转账：收到 ${money(amount)} USDT，来自 ${from}，没有对应的充值订单，请在控制台入账。\n交易：${tx}${link(base, '/system/transfer')}`;
}

export function webhookFailingText(who: string | null, url: string, base: string | null): string {
  return `回调持续失败：${who ? `用户 ${who} 的` : '您的'}回调地址 ${url} 多次推送失败，已暂停。请检查接收服务后在控制台重新开启。${link(base, '/user/info')}`;
}

export function dailyText(d: { day: string; orders: number; revenue: number; codes: number; diff: number }, base: string | null): string {
  return (
    [
      `每日汇总（${d.day}）`,
      `订单：${d.orders} 笔`,
      `收入：${money(d.revenue)}`,
      `验证码：${d.codes} 条`,
      `账目差额：${money(d.diff)}${d.diff === 0 ? '（正常）' : '（请核对）'}`,
    ].join('\n') + link(base, '/home')
  );
}
