/**
 * A provider's API key never leaves the server: not in any answer (the sup's included) and not in
 * the log, through adding and editing the provider, reading its balance, purchases, the provider's
 * refusals (BAD_KEY) and failures. The server runs as production does, its real logger at trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLogServer } from '../../helpers/child-server.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';

const SUP_PASSWORD = 'Upstream-log-secret-4410';
const KEY = 'provider-key-SECRET-91c2e7';
const WRONG_KEY = 'wrong-key-SECRET-55ab01';
// The fake provider listens on loopback; the log server (a child process) reads this from the environment.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';

describe('the provider key', () => {
  const server = useLogServer(SUP_PASSWORD);
  let fake: FakeSmsActivate;
  const answers: string[] = [];

  beforeAll(async () => {
    fake = await startFakeSmsActivate({ apiKey: KEY, stock: { tg: { count: 10, price: 0.5 } } });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const post = async (p: string, body: unknown, token?: string) => {
    const { json, text } = await server.post(p, body, token);
    answers.push(text);
    return json;
  };
  const get = async (p: string, token: string) => {
    const text = await (await fetch(server.url + p, { headers: { authorization: `Bearer ${token}` } })).text();
    answers.push(text);
    return JSON.parse(text);
  };

  it('appears in no answer and no log line', async () => {
    const sup = (await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).data.token as string;
    const added = await post('/api/provider/add', { name: '日志上游', base_url: fake.url, api_key: KEY }, sup);
    expect(added.code, added.message).toBe(200);
    const id = added.data.id;
    expect((await post('/api/provider/balance', { id }, sup)).code).toBe(200);
    await post('/api/provider/data', {}, sup);
    await get(`/api/provider/detail?id=${id}`, sup);
    const goods = await post(
      '/api/goods/add',
      {
        title: '上游商品',
        channel: 'sms',
        service: 'tg',
        price: 1,
        valid_hours: 1,
        source: 'upstream',
        provider_id: id,
      },
      sup,
    );
    expect(goods.code, goods.message).toBe(200);
    await post('/api/user/add', { username: 'key_buyer', password: 'Buyer-pass-123' }, sup);
    const buyer = (await post('/api/user/login', { username: 'key_buyer', password: 'Buyer-pass-123' })).data;
    await post(
      '/api/user/money',
      { id: buyer.id ?? (await post('/api/user/info', {}, buyer.token)).data.id, amount: 10, remark: '测试' },
      sup,
    );
    // Bought, then a failure of unknown outcome, then the provider refusing a wrong key.
    expect((await post('/api/order/buy', { goods_id: goods.data.id, quantity: 1 }, buyer.token)).code).toBe(200);
    fake.fault('getNumber', { kind: 'http500' });
    await post('/api/order/buy', { goods_id: goods.data.id, quantity: 1 }, buyer.token);
    expect((await post('/api/provider/edit', { id, api_key: WRONG_KEY }, sup)).code).toBe(200);
    expect((await post('/api/order/buy', { goods_id: goods.data.id, quantity: 1 }, buyer.token)).code).toBe(409);
    expect((await post('/api/provider/balance', { id }, sup)).code).toBe(409);
    const listed = await post('/api/provider/data', {}, sup);
    expect(listed.data.list[0].last_error).toContain('BAD_KEY');
    const stdout = await server.log();

    expect(stdout).toContain('/api/provider/balance');
    expect(stdout).toContain('upstream provider call failed');
    for (const secret of [KEY, WRONG_KEY]) {
      expect(stdout.includes(secret), 'the log holds the key').toBe(false);
      for (const answer of answers) expect(answer.includes(secret), `an answer holds the key: ${answer.slice(0, 80)}`).toBe(false);
    }
    // The provider did get the key: it is used, only never shown.
    expect(fake.requests.some((r) => r.params.api_key === KEY)).toBe(true);
  });
});
