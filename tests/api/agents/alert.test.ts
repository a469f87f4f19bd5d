/**
 * When an aggregator's SMS pushes keep failing, staff who chose 聚合平台推送失败 are told on Telegram,
 * once, and told again only after the pushes went through and failed again (SQLite and PostgreSQL).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds, type TestServer } from '../../helpers/server.js';
import { addGoods, deliver, importLines, phones } from '../../helpers/commerce.js';
import { AgentCaller, FakeAggregator } from '../../helpers/fake-aggregator.js';
import { until } from '../../helpers/ports.js';
import type { FakeBotApi } from '../telegram/fake-bot-api.js';
import { botJobs, startBotServer, stopBotServer } from '../telegram/setup.js';

const OPS = { id: 7102, type: 'private' as const, username: 'ops_agents' };

describe.each(dbKinds)('the aggregator push alert on %s', (kind) => {
  let bot: FakeBotApi;
  let s: TestServer;
  let sup: string;
  let agg: FakeAggregator;

  beforeEach(async () => {
    ({ bot, s, sup } = await startBotServer(kind, { webhookAllowPrivate: true }));
    agg = await FakeAggregator.start();
  });
  afterEach(async () => {
    await stopBotServer(s, bot);
    await agg.close();
  });

  const { poll, send, watch } = botJobs(() => s);
  const told = () => bot.to(OPS.id).filter((t) => t.includes('聚合平台推送失败'));

  it('tells the sup once after five minutes of failed pushes, and again only after a success in between', async () => {
    const r = await s.post('/api/telegram/bind', {}, sup);
    bot.say(OPS, `/start ${r.data.code}`);
    await poll();
    await bot.waitFor(OPS.id, /已绑定账户/);
    expect((await s.get('/api/telegram/info', sup)).data.events).toContain('agent_failing');

    const added = await s.post('/api/aggregator/add', { name: 'OnlineSim', key: agg.key, push_url: agg.pushUrl }, sup);
    const hub = new AgentCaller(added.data.endpoint_url, agg.key);
    const goods = await addGoods(s, sup, { service: 'tg', country: 0, agent_sell: true });
    await importLines(s, sup, goods, phones(2, 79007770000));
    const a = await hub.number({ country: 'russia', service: 'tg' });
    agg.mode = 'http500';
    await deliver(s, String(a.json.number), 'code 3131');
    await agg.waitForPushes(1);
    const failing = async () =>
      (await s.database.db.selectFrom('aggregators').select('failing_since').executeTakeFirstOrThrow()).failing_since;
    await until('the failure written', async () => (await failing()) !== null);

    // A minute of failures: nothing yet.
    s.clock.advance(60_000);
    await watch();
    await send();
    expect(told()).toEqual([]);
    s.clock.advance(5 * 60_000);
    await watch();
    await watch();
    await send();
    expect(told()).toEqual([expect.stringContaining('OnlineSim')]);
    expect(told()[0]).toContain('500');

    // Through again: the condition clears; failing again for five minutes tells again.
    agg.mode = 'success';
    await s.app.jobs.runNow('agent-push');
    await until('the push written as sent', async () => (await failing()) === null);
    await watch();
    await deliver(s, String(a.json.number), 'code 3132');
    agg.mode = 'error';
    await deliver(s, String(a.json.number), 'code 3133');
    await until('the failure written', async () => (await failing()) !== null);
    s.clock.advance(6 * 60_000);
    await watch();
    await send();
    expect(told()).toHaveLength(2);
  });
});
