/**
 * The server killed (-9) while an SMS is being pushed to an aggregator, and right after a push the
 * aggregator answered SUCCESS: after a restart the first is pushed again (the same smsId) until
 * SUCCESS, the second never again (the real server process and its jobs, on SQLite and PostgreSQL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../helpers/server.js';
import { FakeAggregator, AgentCaller } from '../../helpers/fake-aggregator.js';
import { killableServer, type KillableServer } from '../../helpers/kill-restart.js';
import { until } from '../../helpers/ports.js';

/** Longer than the 10 s between two tries of a push: what was not pushed again by then never will be. */
const RETRY_WINDOW_MS = 14_000;

describe.each(dbKinds)('SMS pushes through kill -9 on %s', (kind) => {
  let server: KillableServer | undefined;
  let agg: FakeAggregator | undefined;
  afterAll(async () => {
    await server?.close();
    await agg?.close();
  });

  it('a push cut off by the kill is pushed after the restart; one the aggregator acknowledged is never pushed again', async () => {
    server = await killableServer(kind, 'agent_kill');
    const { call, url } = server;
    agg = await FakeAggregator.start();
    await server.start();
    let sup = await server.supToken();
    const added = await call('/api/aggregator/add', { name: 'SMSHUB', key: agg.key, push_url: agg.pushUrl }, sup);
    const hub = new AgentCaller(`${url}/api/agent/${added.id}`, agg.key);
    const goods = await call(
      '/api/goods/add',
      { title: 'VK', channel: 'sms', service: 'vk', price: 1, valid_hours: 1, agent_sell: true },
      sup,
    );
    await call('/api/stock/import', { goods_id: goods.id, text: '79001110000\n79001110001' }, sup);
    const a = await hub.number({ country: 'russia', service: 'vk' });
    expect(a.json.status).toBe('SUCCESS');
    const pushesOf = (smsId: number) => agg!.pushes.filter((p) => p.smsId === smsId);

    // 1. Killed while the aggregator holds the push unanswered.
    agg.mode = 'hang';
    const cut = (await call('/api/message/add', { recipient: String(a.json.number), text: 'VK: 123456' }, sup)).id as number;
    await agg.waitForPushes(1);
    await server.kill();
    agg.release('drop');
    await server.start();
    sup = await server.supToken();
    await until('the cut push pushed again', () => pushesOf(cut).length >= 2, 60_000);
    const pending = async () => (await call(`/api/aggregator/detail?id=${added.id}`, undefined, sup)).pending_pushes as number;
    await until('the push recorded', async () => (await pending()) === 0, 30_000);

    // 2. Killed right after the aggregator's SUCCESS was recorded.
    const done = (await call('/api/message/add', { recipient: String(a.json.number), text: 'VK: 654321' }, sup)).id as number;
    await until('the second SMS pushed', () => pushesOf(done).length === 1, 30_000);
    await until('its SUCCESS recorded', async () => (await pending()) === 0, 30_000);
    await server.kill();
    await server.start();
    sup = await server.supToken();
    await new Promise((r) => setTimeout(r, RETRY_WINDOW_MS));
    expect(pushesOf(cut)).toHaveLength(2);
    expect(pushesOf(done)).toHaveLength(1);
    const record = (await call('/api/agent_activation/data?page=1&pageSize=10', {}, sup)).list[0];
    expect(record.sms_count).toBe(2);
  }, 300_000);
});
