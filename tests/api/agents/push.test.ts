/**
 * Every SMS to a number an aggregator holds is pushed to it (PUSH_SMS), on SQLite and PostgreSQL:
 * the push's fields as the protocol wants them, the SMS kept in the inbox, a failed push tried again
 * every 10 s until SUCCESS and never after, one push however many processes run the job, and nothing
 * pushed for a number it no longer holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';
import { addGoods, deliver, importLines, phones } from '../../helpers/commerce.js';
import { AgentCaller, addAggregator, FakeAggregator } from '../../helpers/fake-aggregator.js';
import { until } from '../../helpers/ports.js';

const RU = 79005670000;

describe.each(dbKinds)('pushing SMS to aggregators on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let agg: FakeAggregator;
  let hub: AgentCaller;
  let aggregatorId: number;
  let peer: Caller;

  const pushRows = () => s.database.db.selectFrom('agent_pushes').selectAll().orderBy('id').execute();
  const runJob = (app = s.app) => app.jobs.runNow('agent-push');
  const lastPush = async () => (await pushRows()).at(-1)!;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    sup = await s.login(SUP.username, SUP.password);
    const r = await addAggregator(s, sup, 'Grizzly');
    agg = r.agg;
    aggregatorId = r.data.id;
    hub = new AgentCaller(r.data.endpoint_url, agg.key);
    const goods = await addGoods(s, sup, { title: 'Telegram 印尼', service: 'tg', country: 6, agent_sell: true });
    await importLines(s, sup, goods, phones(6, RU));
    peer = await s.peer();
    expect((await hub.services()).json.status).toBe('SUCCESS');
  });
  afterAll(async () => {
    await s?.close();
    await agg?.close();
  });

  it('pushes an SMS to the held number at once, with numeric smsId and phone; the SMS stays in the inbox', async () => {
    const a = await hub.number({ country: 'indonesia', service: 'tg' });
    expect(a.json.status).toBe('SUCCESS');
    const delivery = await deliver(s, `+${a.json.number}`, 'Telegram code 51234', { sender: 'Telegram' });
    const [push] = await agg.waitForPushes(1);
    expect(push).toMatchObject({
      action: 'PUSH_SMS',
      key: agg.key,
      smsId: delivery.messageId,
      phone: a.json.number,
      phoneFrom: 'Telegram',
      text: 'Telegram code 51234',
    });
    expect(typeof push.smsId).toBe('number');
    expect(typeof push.phone).toBe('number');
    expect(push.userAgent).toBeTruthy();
    await until('the push written as sent', async () => (await pushRows())[0]?.state === 'sent');
    const inbox = (await s.post('/api/message/data?page=1&pageSize=10', {}, sup)).data.list;
    expect(inbox[0]).toMatchObject({ text: 'Telegram code 51234', matched: false });
    expect(inbox[0].reason).toContain('Grizzly');
    const activation = (await s.get(`/api/agent_activation/detail?id=${a.json.activationId}`, sup)).data;
    expect(activation.sms_count).toBe(1);
    await hub.finish(a.json.activationId, 3);
    // Sold: the number is no longer the aggregator's, and its SMS are not pushed.
    await deliver(s, `+${a.json.number}`, 'Telegram code 99999');
    await runJob();
    expect(agg.pushes).toHaveLength(1);
  });

  it('a failed push is tried again every 10 s until SUCCESS, then never again; the answer is never shown', async () => {
    const a = await hub.number({ country: 'indonesia', service: 'tg' });
    agg.mode = 'http500';
    const before = agg.pushes.length;
    const d = await deliver(s, String(a.json.number), 'code 1111');
    await agg.waitForPushes(before + 1);
    await until('the failure written', async () => Boolean((await lastPush()).last_error));
    let row = await lastPush();
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).not.toContain('secret');
    const shown = (await s.get(`/api/aggregator/detail?id=${aggregatorId}`, sup)).data;
    expect(shown.state).toBe('failing');
    expect(shown.push_error).toContain('500');
    expect(shown.pending_pushes).toBe(1);
    // Not again before its 10 s.
    s.clock.advance(5_000);
    await runJob();
    expect(agg.pushes).toHaveLength(before + 1);
    // A JSON ERROR is no success either.
    agg.mode = 'error';
    s.clock.advance(5_000);
    await runJob();
    await agg.waitForPushes(before + 2);
    await until(
      'the second failure written',
      async () => (await lastPush()).attempts === 2 && (await lastPush()).last_error === '聚合平台没有回答 SUCCESS',
    );
    agg.mode = 'success';
    s.clock.advance(10_000);
    await runJob();
    await agg.waitForPushes(before + 3);
    await until('the push written as sent', async () => (await lastPush()).state === 'sent');
    row = await lastPush();
    expect(row).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
    expect(agg.pushes.slice(before).map((p) => p.smsId)).toEqual([d.messageId, d.messageId, d.messageId]);
    // After SUCCESS: never again, whatever time passes and whoever runs the job.
    for (let i = 0; i < 3; i++) {
      s.clock.advance(11_000);
      await Promise.all([runJob(), runJob(peer.app)]);
    }
    expect(agg.pushes).toHaveLength(before + 3);
    expect((await s.get(`/api/aggregator/detail?id=${aggregatorId}`, sup)).data.state).toBe('ok');
    await hub.finish(a.json.activationId, 4);
  });

  it('two processes running the job push each SMS once', async () => {
    const a = await hub.number({ country: 'indonesia', service: 'tg' });
    agg.mode = 'hang';
    const before = agg.pushes.length;
    // Entered through the other process: its own wake, and both processes' jobs racing for it.
    const entered = await peer.post('/api/message/add', { recipient: String(a.json.number), text: 'code 2222' }, sup);
    expect(entered.code, entered.message).toBe(200);
    await Promise.all([runJob(), runJob(peer.app), runJob(), runJob(peer.app)]);
    await agg.waitForPushes(before + 1);
    await Promise.all([runJob(), runJob(peer.app)]);
    expect(agg.pushes).toHaveLength(before + 1);
    agg.release();
    await until('the push written as sent', async () => (await lastPush()).state === 'sent');
    s.clock.advance(11_000);
    await Promise.all([runJob(), runJob(peer.app)]);
    expect(agg.pushes.slice(before).map((p) => p.smsId)).toEqual([entered.data.id]);
    await hub.finish(a.json.activationId, 4);
  });

  it('nothing is pushed for a number no aggregator holds, nor for one it cancelled', async () => {
    const before = agg.pushes.length;
    await deliver(s, String(RU + 5), 'not held');
    const a = await hub.number({ country: 'indonesia', service: 'tg' });
    await hub.finish(a.json.activationId, 4);
    await deliver(s, String(a.json.number), 'cancelled before');
    s.clock.advance(11_000);
    await runJob();
    expect(agg.pushes).toHaveLength(before);
  });
});
