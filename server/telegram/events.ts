import { allows, grantsOf, staffRoles, type Grant, type Grants } from '../../resources.config.js';

/** What an account may choose to be told, by the kind of account (docs/business-rules.md, Telegram). */
export const CUSTOMER_EVENTS = ['code', 'balance_low', 'webhook_failing'] as const;
export const SUP_EVENTS = [
  'device_silent',
  'number_expiring',
  'stock_low',
  'upstream_low',
  'agent_failing',
  'transfer_unmatched',
  'webhook_failing',
  'daily',
] as const;

export type EventName = (typeof CUSTOMER_EVENTS)[number] | (typeof SUP_EVENTS)[number];
type SupEvent = (typeof SUP_EVENTS)[number];

export const EVENT_LABELS: Record<EventName, string> = {
  code: '验证码到达',
  balance_low: '余额不足',
  webhook_failing: '回调持续失败',
  device_silent: '设备失联',
  number_expiring: '号码即将到期',
  stock_low: '库存不足',
  upstream_low: '上游余额不足',
  agent_failing: '聚合平台推送失败',
  transfer_unmatched: '未匹配转账',
  daily: '每日汇总',
};

/**
 * The grant a sup's staff role needs for each alert: an alert tells what the console would show them,
 * no more (the daily summary's revenue and difference and a transfer's amount are money).
 */
export const SUP_EVENT_GRANT: Record<SupEvent, Grant> = {
  device_silent: 'intake',
  number_expiring: 'intake',
  stock_low: 'catalog',
  upstream_low: 'catalog',
  agent_failing: 'catalog',
  transfer_unmatched: 'money',
  webhook_failing: 'users',
  daily: 'money',
};

const holds = (grants: Grants, grant: Grant) => allows(`sup:${grant}`, 'sup', grants);

/** The account's grants: a sup's staff role's (an unknown role holds none); a customer has none. */
export function grantsOfAccount(account: { type: string; role: string | null }): Grants {
  return account.type === 'sup' ? grantsOf(staffRoles, account.role) : [];
}

/** The events this account may choose: a customer's, or the sup alerts their staff role's grants cover. */
export function eventsFor(account: { type: string; role: string | null }): readonly EventName[] {
  if (account.type !== 'sup') return CUSTOMER_EVENTS;
  const grants = grantsOfAccount(account);
  return SUP_EVENTS.filter((e) => holds(grants, SUP_EVENT_GRANT[e]));
}

export const parseEvents = (stored: string): EventName[] => stored.split(',').filter(Boolean) as EventName[];
export const hasEvent = (stored: string, event: EventName) => parseEvents(stored).includes(event);

/** Whether a bound account is told this event now: chosen, and (a sup) still allowed by their staff role. */
export function tells(account: { type: string; role: string | null; events: string }, event: EventName): boolean {
  return hasEvent(account.events, event) && eventsFor(account).includes(event);
}
