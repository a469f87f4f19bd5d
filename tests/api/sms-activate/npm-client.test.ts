/**
 * The npm package `sms-activate` (1.0.1) itself, unmodified, against our handler: every action it
 * implements (getBalance with and without cash back, getNumber, setStatus, getStatus, getCode) and
 * the errors it raises from our words. The library hard-codes its base URL in an axios instance it
 * keeps as `session`; the test points that instance's `defaults.baseURL` at our server (and turns
 * off axios's proxy lookup from the environment, so the calls stay on this machine). Everything else,
 * the request it builds and how it reads the answers, is the library's own code.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalance } from '../../helpers/commerce.js';
import { expectWord, handler, HANDLER_PATH, keyedCustomer, smsGoods } from '../../helpers/handler.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

/** The library's public surface (it ships no types). */
interface SmsActivateClient {
  token: string;
  session: { defaults: { baseURL?: string; proxy?: false } };
  getBalance(withCashBack?: boolean): Promise<number | null>;
  getNumber(service: string, country?: number, forward?: boolean): Promise<{ id: number; number: number } | null>;
  setStatus(id: number, status: number, forward?: boolean): Promise<string>;
  getCode(id: number): Promise<string | null>;
  getStatus(id: number): Promise<string>;
}
type ErrorClass = new (message: string) => Error;

const require = createRequire(import.meta.url);
const SMSActivate = require('sms-activate') as new (apiToken: unknown) => SmsActivateClient;
const errors = require('sms-activate/lib/exceptions') as Record<
  'InvalidAPIKey' | 'NoBalance' | 'NoFreeNumbers' | 'BadStatus' | 'BadService' | 'InvalidActivation',
  ErrorClass
>;

const T0 = Date.UTC(2025, 8, 1, 6, 0, 0);

describe.each(dbKinds)('npm sms-activate 1.0.1 against our handler on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let phone: Device;

  /** The library as a bot constructs it, sent to our server instead of its hard-coded host. */
  function clientFor(key: string): SmsActivateClient {
    const client = new SMSActivate(key);
    client.session.defaults.baseURL = `${s.url}${HANDLER_PATH}`;
    client.session.defaults.proxy = false;
    return client;
  }

  /** The SMS reaches the number's phone, whose SmsForwarder posts it to our webhook (the number in its SIM remark). */
  async function deliver(number: number, text: string) {
    const r = await sendSms(s, phone, text, { from: '+79000000777', simInfo: `SIM1_+${number}` });
    expect(r.status, r.text).toBe(200);
  }

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { sessionTtlMs: 365 * 86_400_000 } });
    sup = await s.login(SUP.username, SUP.password);
    await smsGoods(
      s,
      sup,
      { title: 'Telegram 接码', service: 'tg', price: 1.2, reset_limit: 1, receive_limit: 1 },
      Array.from({ length: 6 }, (_, i) => `+7900200${String(i).padStart(4, '0')}`),
    );
    await smsGoods(s, sup, { title: 'WhatsApp 接码', service: 'wa', price: 2, reset_limit: 0, receive_limit: 1 }, ['+79002009999']);
    phone = await addDevice(s, sup, { name: '号码池' });
  });
  afterAll(() => s?.close());

  it('balance, a number, ready, a code, another code, complete; a cancel with its refund', async () => {
    const customer = await keyedCustomer(s, sup, `npmlib_${kind}`, 5);
    const sms = clientFor(customer.key);
    expect(await sms.getBalance()).toBe(5);
    expect(await sms.getBalance(true)).toBe(5);

    const bought = await sms.getNumber('tg', 0);
    expect(bought).not.toBeNull();
    const { id, number } = bought!;
    expect(String(number)).toMatch(/^7900200\d{4}$/);
    // The library reads the id and the number as integers; they are the link the console shows.
    const links = (await s.post('/api/token/data', {}, customer.token)).data.list;
    expect(links.map((t: Record<string, unknown>) => [t.id, t.identifier])).toEqual([[id, `+${number}`]]);

    expect(await sms.getStatus(id)).toBe('STATUS_WAIT_CODE');
    expect(await sms.getCode(id)).toBeNull();
    expect(await sms.setStatus(id, 1)).toBe('ACCESS_READY');

    await deliver(number, 'Telegram code: 52817. Do not give this code to anyone');
    expect(await sms.getStatus(id)).toBe('STATUS_OK');
    expect(await sms.getCode(id)).toBe('52817');

    expect(await sms.setStatus(id, 3)).toBe('ACCESS_RETRY_GET');
    expect(await sms.getStatus(id)).toBe('STATUS_WAIT_RETRY');
    expect(await sms.getCode(id)).toBeNull();
    await deliver(number, '您的 Telegram 验证码：665544');
    expect(await sms.getCode(id)).toBe('665544');
    expect(await sms.setStatus(id, 6)).toBe('ACCESS_ACTIVATION');
    expect(await sms.getStatus(id)).toBe('STATUS_CANCEL');

    // A number that got no code: too early to hand back, then cancelled and paid back. The library's
    // forward flag (getNumber's `forward=1`, setStatus's `forwards=1`) is taken and changes nothing here.
    const spare = (await sms.getNumber('tg', 0, true))!;
    expect(spare.id).not.toBe(id);
    expect(await sms.setStatus(spare.id, 8, true)).toBe('EARLY_CANCEL_DENIED');
    s.clock.advance(2 * 60_000);
    expect(await sms.setStatus(spare.id, 8, true)).toBe('ACCESS_CANCEL');
    expect(await sms.getStatus(spare.id)).toBe('STATUS_CANCEL');
    // 5 - 1.20 = 3.80 on our side; the library keeps parseInt of it.
    expectWord(await handler(s, { api_key: customer.key, action: 'getBalance' }), 'ACCESS_BALANCE:3.80');
    expect(await sms.getBalance()).toBe(3);
    expect(await sms.getBalance(true)).toBe(3);

    const records = (await s.post('/api/record/data', {}, customer.token)).data.list;
    expect(records.map((r: Record<string, unknown>) => [r.token_id, r.code])).toEqual([
      [id, '665544'],
      [id, '52817'],
    ]);
    const ledger = (await s.post('/api/finance/data', {}, customer.token)).data.list;
    expect(ledger.map((l: Record<string, unknown>) => [l.type, l.amount])).toEqual([
      ['refund', 1.2],
      ['order', -1.2],
      ['order', -1.2],
      ['recharge_manual', 5],
    ]);
    await expectBooksBalance(s, sup);
  });

  it('raises its own errors from our words, and nothing is bought by a refused call', async () => {
    const customer = await keyedCustomer(s, sup, `npmlib_err_${kind}`, 3);
    const other = await keyedCustomer(s, sup, `npmlib_other_${kind}`, 3);
    const sms = clientFor(customer.key);

    // Checked by the library before any request.
    expect(() => new SMSActivate(12345)).toThrow(errors.InvalidAPIKey);
    await expect(clientFor('not-a-key').getBalance()).rejects.toBeInstanceOf(errors.InvalidAPIKey);
    await expect(sms.getNumber('no_such_service')).rejects.toBeInstanceOf(errors.BadService);

    // The only WhatsApp number goes to the other customer; then there is none for anyone.
    const wa = (await clientFor(other.key).getNumber('wa'))!;
    expect(String(wa.number)).toBe('79002009999');
    await expect(sms.getNumber('wa')).rejects.toBeInstanceOf(errors.NoFreeNumbers);

    // Another customer's activation is not ours to read or to change.
    await expect(sms.getStatus(wa.id)).rejects.toBeInstanceOf(errors.InvalidActivation);
    await expect(sms.getCode(wa.id)).rejects.toBeInstanceOf(errors.InvalidActivation);
    await expect(sms.setStatus(wa.id, 6)).rejects.toBeInstanceOf(errors.InvalidActivation);

    // Completing a number that never got a code is a bad status.
    const mine = (await sms.getNumber('tg'))!;
    await expect(sms.setStatus(mine.id, 6)).rejects.toBeInstanceOf(errors.BadStatus);
    expect(await sms.getStatus(mine.id)).toBe('STATUS_WAIT_CODE');

    // 3.00 less two Telegram numbers leaves 0.60: not enough for a third.
    expect(await sms.getNumber('tg')).not.toBeNull();
    await expect(sms.getNumber('tg')).rejects.toBeInstanceOf(errors.NoBalance);
    expectWord(await handler(s, { api_key: customer.key, action: 'getBalance' }), 'ACCESS_BALANCE:0.60');
    expect(await sms.getBalance()).toBe(0);
    const orders = (await s.post('/api/order/data', {}, customer.token)).data.list;
    expect(orders).toHaveLength(2);
    await expectBooksBalance(s, sup);
  });
});
