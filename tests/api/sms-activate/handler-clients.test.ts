/**
 * Whole activations as the popular SMS-Activate client libraries run them, with their exact request
 * shapes and their parsing (tests/helpers/activate-clients.ts): balance, a number, ready, polling
 * getStatus once a second until a code arrives, another code, completion; and a cancel with its
 * refund. Everything shows in the console as a purchase in the store does, and the books balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, parse, type ClientName } from '../../helpers/activate-clients.js';
import { expectBooksBalance } from '../../helpers/commerce.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { handler, expectWord, keyedCustomer, smsGoods } from '../../helpers/handler.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 7, 1, 6, 0, 0);
const CLIENTS: ClientName[] = ['python', 'npm', 'aio', 'org'];

describe.each(dbKinds)('SMS-Activate clients on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let goods: number;
  let phone: Device;

  /** The SMS reaches the number's phone, whose SmsForwarder posts it to our webhook (the number in its SIM remark). */
  async function deliver(_s: TestServer, number: string, text: string) {
    const r = await sendSms(s, phone, text, { from: '+79000000777', simInfo: `SIM1_+${number.replace(/^\+/, '')}` });
    expect(r.status, r.text).toBe(200);
  }

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { sessionTtlMs: 365 * 86_400_000 } });
    sup = await s.login(SUP.username, SUP.password);
    goods = await smsGoods(
      s,
      sup,
      { title: 'Telegram 接码', service: 'tg', price: 1.2, reset_limit: 1, receive_limit: 1 },
      Array.from({ length: 20 }, (_, i) => `+7900100${String(i).padStart(4, '0')}`),
    );
    phone = await addDevice(s, sup, { name: '号码池' });
  });
  afterAll(() => s?.close());

  /** Polls getStatus as the libraries do (once a second: the test's clock moves a second per poll) until `done`. */
  async function poll(client: ClientName, key: string, id: number, done: (word: string) => boolean, arrive: () => Promise<void>) {
    const seen: string[] = [];
    for (let second = 0; second < 30; second++) {
      if (second === 3) await arrive();
      const [word, code] = parse.status(client, (await callAs(client, s.url, { api_key: key, action: 'getStatus', id })).body);
      seen.push(code === null ? word : `${word}:${code}`);
      if (done(word)) return seen;
      s.clock.advance(1000);
    }
    throw new Error(`no code after 30 polls: ${seen.join(', ')}`);
  }

  it.each(CLIENTS)(
    '%s: balance, number, ready, a code by polling, another code, complete; then a cancel with its refund',
    async (client) => {
      const customer = await keyedCustomer(s, sup, `client_${client}`, 5);
      const key = customer.key;
      const call = (params: Record<string, string | number>) => callAs(client, s.url, { api_key: key, ...params });
      expect(parse.balance(client, (await call({ action: 'getBalance' })).body)).toBe(5);

      // aiosmsactivate buys through getNumberV2 by default, sms-activate-org always does.
      const v2 = client === 'aio' || client === 'org';
      const activation = parse.number(client, (await call({ action: v2 ? 'getNumberV2' : 'getNumber', service: 'tg', country: 0 })).body);
      expect(activation.phone).toMatch(/^7900100\d{4}$/);
      if (v2) expect(activation).toMatchObject({ cost: 1.2 });
      expect(parse.setStatus(client, (await call({ action: 'setStatus', id: activation.id, status: 1 })).body)).toBe('ACCESS_READY');

      // The code arrives at the number as the client gave it (digits, no +) while the client polls.
      // The code comes in as phones send it: SmsForwarder's default form to the SMS webhook.
      const first = await poll(
        client,
        key,
        activation.id,
        (w) => w === 'STATUS_OK',
        () => deliver(s, activation.phone, `Telegram code: 40${client.length}17. Do not give this code to anyone`).then(() => undefined),
      );
      expect(first).toEqual(['STATUS_WAIT_CODE', 'STATUS_WAIT_CODE', 'STATUS_WAIT_CODE', `STATUS_OK:40${client.length}17`]);

      expect(parse.setStatus(client, (await call({ action: 'setStatus', id: activation.id, status: 3 })).body)).toBe('ACCESS_RETRY_GET');
      const second = await poll(
        client,
        key,
        activation.id,
        (w) => w === 'STATUS_OK',
        () => deliver(s, activation.phone, '您的 Telegram 验证码：665544').then(() => undefined),
      );
      expect(second).toEqual([
        `STATUS_WAIT_RETRY:40${client.length}17`,
        `STATUS_WAIT_RETRY:40${client.length}17`,
        `STATUS_WAIT_RETRY:40${client.length}17`,
        'STATUS_OK:665544',
      ]);
      expect(parse.setStatus(client, (await call({ action: 'setStatus', id: activation.id, status: 6 })).body)).toBe('ACCESS_ACTIVATION');
      expect(parse.status(client, (await call({ action: 'getStatus', id: activation.id })).body)).toEqual(['STATUS_CANCEL', null]);

      // A number that got no code is cancelled (after the official 2 minutes) and paid back.
      const spare = parse.number(client, (await call({ action: v2 ? 'getNumberV2' : 'getNumber', service: 'tg' })).body);
      s.clock.advance(2 * 60_000);
      expect(parse.setStatus(client, (await call({ action: 'setStatus', id: spare.id, status: 8 })).body)).toBe('ACCESS_CANCEL');
      expect(parse.balance(client, (await call({ action: 'getBalance' })).body)).toBe(3.8);

      // The console shows all of it as it shows purchases made in the store.
      const orders = (await s.post('/api/order/data', {}, customer.token)).data.list;
      expect(orders.map((o: Record<string, unknown>) => [o.goods_id, o.type, o.amount, o.refunded, o.state])).toEqual([
        [goods, 'buy', 1.2, 1.2, 'refunded'],
        [goods, 'buy', 1.2, 0, 'paid'],
      ]);
      const links = (await s.post('/api/token/data', {}, customer.token)).data.list;
      expect(
        Object.fromEntries(links.map((t: { id: number; state: string; identifier: string }) => [t.id, [t.state, t.identifier.slice(1)]])),
      ).toEqual({
        [activation.id]: ['finished', activation.phone],
        [spare.id]: ['refunded', spare.phone],
      });
      const ledger = (await s.post('/api/finance/data', {}, customer.token)).data.list;
      expect(ledger.map((l: Record<string, unknown>) => [l.type, l.amount])).toEqual([
        ['refund', 1.2],
        ['order', -1.2],
        ['order', -1.2],
        ['recharge_manual', 5],
      ]);
      const records = (await s.post('/api/record/data', {}, customer.token)).data.list;
      expect(records.map((r: Record<string, unknown>) => [r.token_id, r.code])).toEqual([
        [activation.id, '665544'],
        [activation.id, `40${client.length}17`],
      ]);
      expect((await s.post('/api/reset/data', {}, customer.token)).data.total).toBe(1);
      await expectBooksBalance(s, sup);
    },
  );

  it("a customer's key never reaches another customer's activations", async () => {
    const owner = await keyedCustomer(s, sup, 'owner_x', 5);
    const intruder = await keyedCustomer(s, sup, 'intruder_y', 5);
    const mine = parse.number('python', (await callAs('python', s.url, { api_key: owner.key, action: 'getNumber', service: 'tg' })).body);
    await handler(s, { api_key: intruder.key, action: 'getBalance' });
    s.clock.advance(5 * 60_000);
    await handler(s, { api_key: intruder.key, action: 'getBalance' });
    const before = await s.snapshot();
    for (const params of [{ action: 'getStatus' }, ...[1, 3, 6, 8, -1].map((status) => ({ action: 'setStatus', status }))]) {
      expectWord(await handler(s, { api_key: intruder.key, id: mine.id, ...params }), 'NO_ACTIVATION');
    }
    expectWord(await handler(s, { api_key: intruder.key, action: 'getActiveActivations' }), 'NO_ACTIVATIONS');
    expect(await s.snapshot()).toBe(before);
    const listed = JSON.parse((await handler(s, { api_key: owner.key, action: 'getActiveActivations' })).body);
    expect(listed.activeActivations.map((a: Record<string, unknown>) => Number(a.activationId))).toEqual([mine.id]);
    await expectBooksBalance(s, sup);
  });
});
