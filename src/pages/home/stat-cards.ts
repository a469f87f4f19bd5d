import type { Role } from '../../../resources.config';
import { formatCount, formatMoney, subtractMoney } from '../../common/money';
import type { Statistics } from './use-statistics';

export interface StatCard {
  key: string;
  label: string;
  to: string;
  /** Formatted; null while the figures load. */
  value: string | null;
}

const ORDERS = '/items/order/record';
const RECHARGES = '/account/record';
const USERS = '/user/index';
const TOKENS = '/items/api/token';

type Def = [key: string, label: string, kind: 'money' | 'count', to: string, value: (s: Statistics) => number | undefined];

const SUP: Def[] = [
  ['todayOrder', '今日订单', 'money', ORDERS, (s) => s.todayOrder],
  ['todayRechargeAuto', '今日自动充值', 'money', RECHARGES, (s) => s.todayRechargeAuto],
  ['todayRechargeManual', '今日手动充值', 'money', RECHARGES, (s) => subtractMoney(s.todayRecharge, s.todayRechargeAuto)],
  ['monthOrder', '本月订单', 'money', ORDERS, (s) => s.monthOrder],
  ['monthRechargeAuto', '本月自动充值', 'money', RECHARGES, (s) => s.monthRechargeAuto],
  ['monthRechargeManual', '本月手动充值', 'money', RECHARGES, (s) => subtractMoney(s.monthRecharge, s.monthRechargeAuto)],
  ['userCountMonth', '本月注册', 'count', USERS, (s) => s.userCountMonth],
  ['userCount', '总用户数', 'count', USERS, (s) => s.userCount],
];

const CUSTOMER: Def[] = [
  ['todayOrder', '今日订单', 'money', ORDERS, (s) => s.todayOrder],
  ['monthOrder', '本月订单', 'money', ORDERS, (s) => s.monthOrder],
  ['totalOrder', '总订单', 'money', ORDERS, (s) => s.totalOrder],
  ['todayRecharge', '今日充值', 'money', RECHARGES, (s) => s.todayRecharge],
  ['monthRecharge', '本月充值', 'money', RECHARGES, (s) => s.monthRecharge],
  ['totalRecharge', '总充值', 'money', RECHARGES, (s) => s.totalRecharge],
  ['todayTokenNum', '今日号码', 'count', TOKENS, (s) => s.todayTokenNum],
  ['tokenNum', '全部号码', 'count', TOKENS, (s) => s.tokenNum],
];

/**
 * The home screen's stat cards for a role (docs/console-rules.md, "Home screen"), values formatted:
 * money 2 decimals, counts 0; without figures yet, the same cards with no values.
 */
export function statCards(role: Role | undefined, stats: Statistics | null): StatCard[] {
  return (role === 'sup' ? SUP : CUSTOMER).map(([key, label, kind, to, value]) => ({
    key,
    label,
    to,
    value: !stats ? null : kind === 'money' ? formatMoney(value(stats)) : formatCount(value(stats)),
  }));
}

export interface SummaryItem {
  key: string;
  label: string;
  value: string;
  abnormal?: boolean;
}

type AdminFigures = NonNullable<Statistics['admin']>;

const SUMMARY: [key: string, label: string, value: (a: AdminFigures) => number | string][] = [
  ['balance', '总剩余余额', (a) => a.balance],
  ['rechargeAuto', '总自动充值', (a) => a.rechargeAuto],
  ['rechargeManual', '总手动充值', (a) => subtractMoney(a.recharge, a.rechargeAuto)],
  ['order', '总订单金额', (a) => a.order],
  ['profit', '分站利润(已结算)', (a) => a.profit],
  ['profitPending', '分站利润(待结算)', (a) => a.profitPending],
  ['diff', '总差额', (a) => a.diff],
];

/**
 * The sup's reconciliation row: totals, resellers' profits (the settled ones are paid out of the
 * sales, so the difference counts them; the pending ones are not in any balance yet) and the
 * difference, which must be 0. Before the figures arrive, the same items with a dash, so the card
 * keeps its size when they do.
 */
export function adminSummary(admin: AdminFigures | undefined): SummaryItem[] {
  return SUMMARY.map(([key, label, value]) => ({
    key,
    label,
    value: admin ? formatMoney(value(admin)) : '—',
    abnormal: admin && key === 'diff' ? Math.round(Number(admin.diff ?? 0) * 100) !== 0 : undefined,
  }));
}
