/**
 * A `?wait=` read on one server process is woken by a code that arrives through another: on
 * PostgreSQL through LISTEN/NOTIFY (two apps, each on its own connections to one schema).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { postRaw, smsRequest, type Device } from '../../helpers/intake.js';
import { startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('long-poll woken across processes on postgres', () => {
  let s: TestServer;
  let other: Caller;
  let link: { id: number; token: string; identifier: string };
  let device: Device;
  let customer: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer('postgres');
    other = await s.peer();
    const sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'waiting_buyer');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup, { receive_limit: 0 });
    await importLines(s, sup, goods, ['+8613700001111']);
    link = (await buyOk(s, customer.token, goods)).tokens[0];
    const made = await s.post('/api/device/add', { name: '池子', sim1: '+8613700001111' }, sup);
    device = {
      id: made.data.id,
      key: '',
      secret: made.data.secret,
      webhook_url: made.data.webhook_url,
      path: new URL(made.data.webhook_url).pathname,
    };
  });
  afterAll(() => s?.close());

  it('a wait on process A answers as soon as process B takes the SMS', async () => {
    const started = Date.now();
    const waiting = fetch(`${s.url}/api/code/${link.token}?wait=30&format=text`).then(async (r) => ({
      text: await r.text(),
      ms: Date.now() - started,
    }));
    // Let the read reach its wait first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The phone's receive time has whole seconds: the SMS comes a little after the purchase.
    s.clock.advance(2000);
    const req = smsRequest(s, device, '【Telegram】验证码 604217，请勿泄露');
    const sent = await postRaw(other, device.path, req.contentType, req.body);
    expect(sent.status).toBe(200);
    const answer = await waiting;
    expect(answer.text).toBe('STATUS_OK:604217');
    // Woken, not timed out: far inside the 30 s wait.
    expect(answer.ms).toBeLessThan(20_000);
  });

  it('after a reset (重提) on process B, the next code wakes a new wait on A', async () => {
    s.clock.advance(2000);
    expect((await other.post('/api/token/reset', { id: link.id }, customer.token)).code).toBe(200);
    const started = Date.now();
    const waiting = fetch(`${s.url}/api/code/${link.token}?wait=30`).then(async (r) => ({
      body: await r.json(),
      ms: Date.now() - started,
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    s.clock.advance(2000);
    const req = smsRequest(s, device, '【Telegram】验证码 118822，请勿泄露');
    expect((await postRaw(other, device.path, req.contentType, req.body)).status).toBe(200);
    const answer = await waiting;
    expect(answer.body.data).toMatchObject({ code: '118822' });
    expect(answer.ms).toBeLessThan(20_000);
  });
});
