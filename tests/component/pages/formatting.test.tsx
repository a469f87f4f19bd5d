import { describe, expect, it } from 'vitest';
import { cutText, noticeDate, noticeTitle } from '../../../src/pages/home/notice-title';
import { adminSummary, statCards } from '../../../src/pages/home/stat-cards';
import type { Statistics } from '../../../src/pages/home/use-statistics';
import { refreshTarget } from '../../../src/pages/refresh/RefreshPage';
import { addMoney, formatCount, formatMoney, subtractMoney } from '../../../src/common/money';
import { normalizeHtml } from '../../../src/common/editor/HtmlEditor';

describe('recent notice lines', () => {
  it('keeps a title of at most 20 characters as it is', () => {
    expect(noticeTitle({ title: '系统维护通知' })).toBe('系统维护通知');
    expect(noticeTitle({ title: '一二三四五六七八九十一二三四五六七八九十' })).toBe('一二三四五六七八九十一二三四五六七八九十');
  });

  it('cuts a longer title at 20 characters and adds "..."', () => {
    expect(noticeTitle({ title: '一二三四五六七八九十一二三四五六七八九十多' })).toBe('一二三四五六七八九十一二三四五六七八九十...');
  });

  it('uses the content without tags when there is no title', () => {
    expect(noticeTitle({ title: '', content: '<p>新的 <b>API</b> 已上线</p>' })).toBe('新的 API 已上线');
    expect(noticeTitle({ title: null, content: '<p>abcdefghij</p><p>klmnopqrstuvwxyz</p>' })).toBe('abcdefghij klmnopqrs...');
  });

  it('never splits an emoji', () => {
    expect(cutText('😀'.repeat(21))).toBe(`${'😀'.repeat(20)}...`);
  });

  it('shows the first 10 characters of create_at as the date', () => {
    expect(noticeDate('2025-03-01 08:09:10')).toBe('2025-03-01');
    expect(noticeDate(null)).toBe('');
  });
});

describe('money and counts', () => {
  it('shows money with 2 decimals and $', () => {
    expect(formatMoney(12.3)).toBe('$12.30');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(undefined)).toBe('-');
  });

  it('computes in cents: no float error', () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(subtractMoney(0.3, 0.1)).toBe(0.2);
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(formatMoney(subtractMoney(1000000.07, 999999.99))).toBe('$0.08');
  });

  it('shows counts without decimals', () => {
    expect(formatCount(12)).toBe('12');
    expect(formatCount(undefined)).toBe('-');
  });
});

const stats: Statistics = {
  todayOrder: 1.5,
  monthOrder: 20.25,
  totalOrder: 100,
  todayRecharge: 0.3,
  todayRechargeAuto: 0.1,
  monthRecharge: 50.3,
  monthRechargeAuto: 20.1,
  totalRecharge: 300,
  todayTokenNum: 2,
  tokenNum: 9,
  userCount: 42,
  userCountMonth: 5,
  admin: { balance: 150, recharge: 300.3, rechargeAuto: 100.1, order: 150.3, profit: 0.2, profitPending: 1.05, diff: 0 },
};

describe('home stat cards', () => {
  it('gives sup the 8 cards of the home screen with manual recharge = total - auto', () => {
    const cards = statCards('sup', stats);
    expect(cards.map((c) => [c.key, c.label, c.value])).toEqual([
      ['todayOrder', '今日订单', '$1.50'],
      ['todayRechargeAuto', '今日自动充值', '$0.10'],
      ['todayRechargeManual', '今日手动充值', '$0.20'],
      ['monthOrder', '本月订单', '$20.25'],
      ['monthRechargeAuto', '本月自动充值', '$20.10'],
      ['monthRechargeManual', '本月手动充值', '$30.20'],
      ['userCountMonth', '本月注册', '5'],
      ['userCount', '总用户数', '42'],
    ]);
  });

  it('gives customers their orders, recharges and tokens', () => {
    const cards = statCards('customer', stats);
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ['今日订单', '$1.50'],
      ['本月订单', '$20.25'],
      ['总订单', '$100.00'],
      ['今日充值', '$0.30'],
      ['本月充值', '$50.30'],
      ['总充值', '$300.00'],
      ['今日号码', '2'],
      ['全部号码', '9'],
    ]);
  });

  it('sends order cards to /items/order/record, recharge cards to /account/record, users to /user/index, tokens to /items/api/token', () => {
    const to = Object.fromEntries([...statCards('sup', stats), ...statCards('customer', stats)].map((c) => [c.key, c.to]));
    expect(to).toMatchObject({
      todayOrder: '/items/order/record',
      monthOrder: '/items/order/record',
      totalOrder: '/items/order/record',
      todayRechargeAuto: '/account/record',
      todayRechargeManual: '/account/record',
      totalRecharge: '/account/record',
      userCountMonth: '/user/index',
      userCount: '/user/index',
      todayTokenNum: '/items/api/token',
      tokenNum: '/items/api/token',
    });
  });

  it("summarises the platform for sup, resellers' profits settled and pending apart, and tags the difference", () => {
    const row = adminSummary(stats.admin!);
    expect(row.map((r) => [r.label, r.value])).toEqual([
      ['总剩余余额', '$150.00'],
      ['总自动充值', '$100.10'],
      ['总手动充值', '$200.20'],
      ['总订单金额', '$150.30'],
      ['分站利润(已结算)', '$0.20'],
      ['分站利润(待结算)', '$1.05'],
      ['总差额', '$0.00'],
    ]);
    expect(row[6].abnormal).toBe(false);
    expect(adminSummary({ ...stats.admin!, diff: -0.01 })[6].abnormal).toBe(true);
  });

  it('draws the same seven items with dashes while the figures load (nothing moves when they arrive)', () => {
    const row = adminSummary(undefined);
    expect(row.map((r) => [r.label, r.value, r.abnormal])).toEqual([
      ['总剩余余额', '—', undefined],
      ['总自动充值', '—', undefined],
      ['总手动充值', '—', undefined],
      ['总订单金额', '—', undefined],
      ['分站利润(已结算)', '—', undefined],
      ['分站利润(待结算)', '—', undefined],
      ['总差额', '—', undefined],
    ]);
  });
});

describe('the refresh page target', () => {
  it('returns to the route the reload came from', () => {
    expect(refreshTarget({ from: '/user/index?page=2' }, 3)).toBe('/user/index?page=2');
  });
  it('goes back one entry when opened directly with history, else home', () => {
    expect(refreshTarget(null, 2)).toBe(-1);
    expect(refreshTarget(null, 0)).toBe('/home');
    expect(refreshTarget({ from: 'https://evil.example' }, undefined)).toBe('/home');
  });
});

describe('the HTML editor value', () => {
  it("stores Quill's empty document as an empty string", () => {
    expect(normalizeHtml('<p><br></p>')).toBe('');
    expect(normalizeHtml('<p>hi</p>')).toBe('<p>hi</p>');
  });
});
