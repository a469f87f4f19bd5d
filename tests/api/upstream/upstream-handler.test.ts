/**
 * Our own handler_api.php selling an upstream product: a customer's script buys a number that comes
 * from the provider, reads its code, and its setStatus 3/6/8 reach the provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, expectBooksBalance } from '../../helpers/commerce.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';
import { expectWord, handler, keyedCustomer } from '../../helpers/handler.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('handler_api.php on an upstream product on %s', (kind) => {
  let s: TestServer;
  let fake: FakeSmsActivate;
  let sup: string;
  let who: Awaited<ReturnType<typeof keyedCustomer>>;

  const call = (params: Record<string, string | number>) => handler(s, { api_key: who.key, ...params });
  const calls = (action: string) => fake.requests.filter((r) => r.action === action);
  const balance = async () =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', who.id).executeTakeFirstOrThrow()).balance);
  const getNumber = async () => {
    const r = await call({ action: 'getNumber', service: 'wa', country: 6 });
    expectWord(r, /^ACCESS_NUMBER:\d+:\d+$/);
    const [, id, phone] = r.body.split(':');
    const a = [...fake.activations.values()].find((x) => x.phone === phone)!;
    expect(a).toBeTruthy();
    return { id, phone, a };
  };

  beforeAll(async () => {
    fake = await startFakeSmsActivate({ stock: { 'whatsapp:22': { count: 50, price: 0.3 } } });
    s = await startServer(kind, { settings: { webhookAllowPrivate: true, upstreamTimeoutMs: 1000, handlerCancelAfterMs: 0 } });
    sup = await s.login(SUP.username, SUP.password);
    who = await keyedCustomer(s, sup, 'script_user', 10);
    const provider = (
      await s.post(
        '/api/provider/add',
        { name: '上游', base_url: fake.url.replace('/stubs/handler_api.php', ''), api_key: fake.apiKey },
        sup,
      )
    ).data.id;
    // Our service and country differ from the provider's: the product translates.
    await addGoods(s, sup, {
      title: 'WhatsApp 上游',
      service: 'wa',
      country: 6,
      price: 0.8,
      source: 'upstream',
      provider_id: provider,
      upstream_service: 'whatsapp',
      upstream_country: 22,
      reset_limit: 1,
      receive_limit: 1,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('getNumber buys from the provider; the code is read with getStatus; setStatus 3 and 6 reach the provider', async () => {
    const { id, a } = await getNumber();
    expect(calls('getNumber').at(-1)!.params).toMatchObject({ service: 'whatsapp', country: '22' });
    expect(await balance()).toBe(1000 - 80);
    expectWord(await call({ action: 'getStatus', id }), 'STATUS_WAIT_CODE');
    fake.deliver(a.id, '5566');
    await s.app.jobs.runNow('upstream-poll');
    expectWord(await call({ action: 'getStatus', id }), 'STATUS_OK:5566');

    expectWord(await call({ action: 'setStatus', id, status: 3 }), 'ACCESS_RETRY_GET');
    await s.app.jobs.runNow('upstream-poll');
    expect(a.state).toBe('wait_retry');
    expectWord(await call({ action: 'getStatus', id }), 'STATUS_WAIT_RETRY:5566');
    fake.deliver(a.id, '7788');
    await s.app.jobs.runNow('upstream-poll');
    expectWord(await call({ action: 'getStatus', id }), 'STATUS_OK:7788');

    expectWord(await call({ action: 'setStatus', id, status: 6 }), 'ACCESS_ACTIVATION');
    await s.app.jobs.runNow('upstream-poll');
    expect(a.state).toBe('finished');
    expect(calls('setStatus').at(-1)!.params).toMatchObject({ id: String(a.id), status: '6' });
  });

  it('a cancel before any code refunds the customer and cancels upstream (8)', async () => {
    const before = await balance();
    const { id, a } = await getNumber();
    expectWord(await call({ action: 'setStatus', id, status: 8 }), 'ACCESS_CANCEL');
    expect(await balance()).toBe(before);
    await s.app.jobs.runNow('upstream-poll');
    expect(a.state).toBe('cancelled');
    await expectBooksBalance(s, sup);
  });

  it("the provider out of numbers or money: NO_NUMBERS, the customer's money untouched in the end", async () => {
    for (const arrange of [
      () => fake.setStock('whatsapp', 0, 0.3, '22'),
      () => {
        fake.setStock('whatsapp', 5, 0.3, '22');
        fake.balance = 0;
      },
    ]) {
      arrange();
      const before = await balance();
      expectWord(await call({ action: 'getNumber', service: 'wa', country: 6 }), 'NO_NUMBERS');
      expect(await balance()).toBe(before);
    }
    fake.balance = 100;
    await expectBooksBalance(s, sup);
  });

  it('an unknown outcome answers ERROR_SQL; the reconcile job then gives the link its number', async () => {
    fake.setStock('whatsapp', 5, 0.3, '22');
    fake.fault('getNumber', { kind: 'http500' });
    const n = calls('getNumber').length;
    expectWord(await call({ action: 'getNumber', service: 'wa', country: 6 }), 'ERROR_SQL');
    await s.app.jobs.runNow('upstream-reconcile');
    expect(calls('getNumber').length - n).toBe(1);
    const link = await s.database.db.selectFrom('tokens').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ state: 'active', upstream_state: 'waiting' });
    const active = await call({ action: 'getActiveActivations' });
    expect(active.body).toContain(link.identifier);
    await expectBooksBalance(s, sup);
  });
});
