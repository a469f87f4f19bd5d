/**
 * The 待处理 card's lines for aggregators whose pushes keep failing and SIMs about to lapse: what
 * they say, and the screen each opens (the 设备号码 list narrowed to the same cut-off, soonest first).
 */
import { describe, expect, it } from 'vitest';
import { pendingItems } from '../../../src/pages/home/pending-items';
import { decodeListState } from '../../../src/framework/list/url-state';
import { resources } from '../../../resources.config';

const MINUTE = 60_000;

describe('the pending card: aggregators and lapsing SIMs', () => {
  it('names each failing aggregator with how long and the error, counts the rest, and opens 聚合平台', () => {
    const failing = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `平台${i + 1}`, error: 'HTTP 500', since_ms: 65 * MINUTE }));
    const items = pendingItems({ silent_minutes: 60, aggregators: { count: 12, failing } });
    expect(items).toHaveLength(11);
    expect(items[0]).toEqual({
      key: 'aggregator-1',
      tag: { text: '异常', tone: 'bad' },
      text: '聚合平台「平台1」的短信推送已连续失败 1 小时 5 分钟：HTTP 500',
      to: resources.aggregator.route,
    });
    expect(items[10]).toMatchObject({
      key: 'aggregator-more',
      text: '另有 2 个聚合平台的短信推送连续失败',
      to: resources.aggregator.route,
    });
    expect(pendingItems({ silent_minutes: 60, aggregators: { count: 0, failing: [] } })).toEqual([]);
  });

  it('counts the lapsing SIMs, names the first three with their 剩余, and opens 设备号码 filtered to the cut-off', () => {
    const numbers = ['+8617600000002', '+8617600000001', '+8617600000005', '+8617600000004'].map((identifier, i) => ({
      id: i + 1,
      identifier,
      days_left_text: ['已到期', '今天到期', '3 天', '6 天'][i],
    }));
    const [item] = pendingItems({
      silent_minutes: 60,
      expiring_numbers: { count: 4, days: 7, before: '2025-06-09 09:00:00', numbers },
    });
    expect(item).toMatchObject({
      key: 'numbers-expiring',
      tag: { text: '将到期', tone: 'warn' },
      text: '4 个设备号码的 SIM 卡 7 天内到期或已到期：+8617600000002（已到期）、+8617600000001（今天到期）、+8617600000005（3 天） 等 4 个',
    });
    const url = new URL(item.to, 'http://console.test');
    expect(url.pathname).toBe(resources.device_numbers.route);
    const state = decodeListState(resources.device_numbers, url.searchParams);
    expect(state.filters).toEqual({ expire_at: ['', '2025-06-09 09:00:00'] });
    expect(state.sort).toEqual({ field: 'expire_at', order: 'asc' });
    expect(
      pendingItems({ silent_minutes: 60, expiring_numbers: { count: 0, days: 7, before: '2025-06-09 09:00:00', numbers: [] } }),
    ).toEqual([]);
  });
});
