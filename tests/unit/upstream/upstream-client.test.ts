import http from 'node:http';
import type { AddressInfo } from 'node:net';
import util from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseUpstreamAnswer } from '../../../server/upstream/answers.js';
import { handlerUrl, UpstreamClient } from '../../../server/upstream/client.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';

let fake: FakeSmsActivate;
let client: UpstreamClient;

beforeEach(async () => {
  fake = await startFakeSmsActivate({ balance: 10, stock: { tg: { count: 2, price: 1.5 }, wa: { count: 0, price: 2 } } });
  client = new UpstreamClient({ allowPrivate: true, baseUrl: fake.url, apiKey: fake.apiKey });
});
afterEach(() => fake.close());

async function buy() {
  const r = await client.getNumber({ service: 'tg', country: 0 });
  if (r.kind !== 'ok') throw new Error(JSON.stringify(r));
  return r.value;
}

describe('the fake provider answers byte-exactly', () => {
  it('HTTP 200, text/plain, the bare word without a newline; GET, POST with query, and a form body', async () => {
    const get = await fetch(`${fake.url}?api_key=${fake.apiKey}&action=getBalance`);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await get.text()).toBe('ACCESS_BALANCE:10.00');
    const post = await fetch(`${fake.url}?api_key=${fake.apiKey}&action=getBalance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(await post.text()).toBe('ACCESS_BALANCE:10.00');
    const form = await fetch(fake.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `api_key=${fake.apiKey}&action=getBalance`,
    });
    expect(await form.text()).toBe('ACCESS_BALANCE:10.00');
    expect(await (await fetch(`${fake.url}?api_key=wrong&action=getBalance`)).text()).toBe('BAD_KEY');
    expect(await (await fetch(`${fake.url}?api_key=${fake.apiKey}&action=nope`)).text()).toBe('BAD_ACTION');
  });
});

describe('UpstreamClient', () => {
  it('reads the balance, and BAD_KEY as a refusal', async () => {
    expect(await client.getBalance()).toEqual({ kind: 'ok', value: { balance: '10.00', cents: 1000 } });
    const bad = new UpstreamClient({ allowPrivate: true, baseUrl: fake.url, apiKey: 'not-the-key' });
    expect(await bad.getBalance()).toMatchObject({ kind: 'refused', word: 'BAD_KEY', message: '上游 API 密钥无效' });
  });

  it('buys a number, and each refusal leaves stock and balance unchanged', async () => {
    const n = await buy();
    expect(n.activationId).toMatch(/^\d+$/);
    expect(n.phone).toMatch(/^\d{11}$/);
    expect([fake.stockOf('tg'), fake.balance]).toEqual([1, 8.5]);

    expect(await client.getNumber({ service: 'wa' })).toMatchObject({ kind: 'refused', word: 'NO_NUMBERS' });
    expect(await client.getNumber({ service: 'zz' })).toMatchObject({ kind: 'refused', word: 'BAD_SERVICE' });
    expect(await client.getNumber({ service: 'tg', maxPrice: '1.2' })).toMatchObject({
      kind: 'refused',
      word: 'WRONG_MAX_PRICE',
      detail: '1.5',
      message: '上游最低价格高于商品设置的最高价（最低 1.5）',
    });
    fake.balance = 1;
    expect(await client.getNumber({ service: 'tg', maxPrice: 2 })).toMatchObject({ kind: 'refused', word: 'NO_BALANCE' });
    expect([fake.stockOf('tg'), fake.balance]).toEqual([1, 1]);
    expect(fake.requests.at(-1)!.params).toMatchObject({ service: 'tg', country: '0', maxPrice: '2', max_price: '2' });
  });

  it('follows an activation: wait, code, another code on the same number, finish', async () => {
    const { activationId: id } = await buy();
    expect(await client.getStatus(id)).toEqual({ kind: 'ok', value: { status: 'WAIT_CODE', code: null } });
    expect(await client.setStatus(id, 1)).toEqual({ kind: 'ok', value: { answer: 'ACCESS_READY' } });
    fake.deliver(id, '48213');
    expect(await client.getStatus(id)).toEqual({ kind: 'ok', value: { status: 'OK', code: '48213' } });
    expect(await client.setStatus(id, 3)).toEqual({ kind: 'ok', value: { answer: 'ACCESS_RETRY_GET' } });
    expect(await client.getStatus(id)).toEqual({ kind: 'ok', value: { status: 'WAIT_RETRY', code: '48213' } });
    fake.deliver(id, '90210');
    expect(await client.getStatus(id)).toEqual({ kind: 'ok', value: { status: 'OK', code: '90210' } });
    expect(await client.setStatus(id, 6)).toEqual({ kind: 'ok', value: { answer: 'ACCESS_ACTIVATION' } });
    expect(await client.getStatus(id)).toEqual({ kind: 'ok', value: { status: 'CANCEL', code: null } });
    expect(await client.getStatus('999')).toMatchObject({ kind: 'refused', word: 'NO_ACTIVATION' });
  });

  it('cancels (status 8) and the provider refunds; an early cancel is refused', async () => {
    const { activationId: id } = await buy();
    expect(await client.setStatus(id, 8)).toEqual({ kind: 'ok', value: { answer: 'ACCESS_CANCEL' } });
    expect(fake.balance).toBe(10);
    await fake.close();
    fake = await startFakeSmsActivate({ stock: { tg: { count: 1, price: 1 } }, earlyCancelMs: 120_000 });
    client = new UpstreamClient({ allowPrivate: true, baseUrl: fake.url, apiKey: fake.apiKey });
    const early = await buy();
    expect(await client.setStatus(early.activationId, 8)).toMatchObject({ kind: 'refused', word: 'EARLY_CANCEL_DENIED' });
  });

  it('calls an answer that comes too late "unknown", and the bought number shows up when reconciling', async () => {
    fake.fault('getNumber', { kind: 'slow', ms: 10_000 });
    const impatient = new UpstreamClient({ allowPrivate: true, baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 300 });
    const r = await impatient.getNumber({ service: 'tg' });
    expect(r).toMatchObject({ kind: 'unknown', cause: 'timeout', message: '上游接口超时，结果未知' });
    const active = await client.getActiveActivations();
    expect(active.kind === 'ok' && active.value).toEqual([
      expect.objectContaining({ service: 'tg', status: '4', codes: [], phone: fake.activations.values().next().value!.phone }),
    ]);
  });

  it.each([
    ['an HTTP 500 from a proxy', { kind: 'http500' as const }, 'http_status'],
    ['an HTML page with status 200', { kind: 'garbage' as const }, 'garbage'],
    ['a dropped connection', { kind: 'drop' as const }, 'network'],
    ["the provider's ERROR_SQL", { kind: 'body' as const, body: 'ERROR_SQL' }, 'provider_error'],
  ])('calls %s "unknown" (the number was bought all the same)', async (_what, fault, cause) => {
    fake.fault('getNumber', fault);
    expect(await client.getNumber({ service: 'tg' })).toMatchObject({ kind: 'unknown', cause });
    expect(fake.activations.size).toBe(1);
  });

  it('calls a provider nobody answers for "unknown"', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = new UpstreamClient({ allowPrivate: true, baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
    expect(await gone.getBalance()).toMatchObject({ kind: 'unknown', cause: 'network' });
  });

  it('trusts a refusal word even with an HTTP error status', async () => {
    fake.fault('getNumber', { kind: 'body', body: 'NO_NUMBERS', status: 503, applyEffect: false });
    expect(await client.getNumber({ service: 'tg' })).toMatchObject({ kind: 'refused', word: 'NO_NUMBERS' });
  });

  it('sends POST with the parameters in the query string and an empty form body when asked', async () => {
    const post = new UpstreamClient({ allowPrivate: true, baseUrl: fake.url, apiKey: fake.apiKey, method: 'POST' });
    expect((await post.getBalance()).kind).toBe('ok');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      body: '',
      params: { action: 'getBalance' },
    });
  });

  it('adds the handler path to a bare site address', () => {
    expect(handlerUrl('https://api.example.com').href).toBe('https://api.example.com/stubs/handler_api.php');
    expect(handlerUrl('https://api.example.com/').href).toBe('https://api.example.com/stubs/handler_api.php');
    expect(handlerUrl('https://x.example/stubs/handler_api.php').href).toBe('https://x.example/stubs/handler_api.php');
  });

  it('reads a getActiveActivations answer of several megabytes; past the cap it says the answer is too large', async () => {
    /** An account's open activations, `count` of them, each with a long SMS text: about `count` × 0.5 MB. */
    const listOf = (count: number) =>
      JSON.stringify({
        status: 'success',
        activeActivations: Array.from({ length: count }, (_, i) => ({
          activationId: String(1000 + i),
          serviceCode: 'tg',
          phoneNumber: `7999000${String(i).padStart(4, '0')}`,
          activationStatus: '4',
          smsCode: null,
          smsText: 'x'.repeat(500_000),
          activationTime: '2025-06-02 09:00:00',
        })),
      });
    fake.fault('getActiveActivations', { kind: 'body', body: listOf(5) });
    const read = await client.getActiveActivations();
    expect(read.kind).toBe('ok');
    if (read.kind === 'ok') expect(read.value.map((a) => a.activationId)).toEqual(['1000', '1001', '1002', '1003', '1004']);

    fake.fault('getActiveActivations', { kind: 'body', body: listOf(18) });
    expect(await client.getActiveActivations()).toMatchObject({ kind: 'unknown', cause: 'too_large', message: '上游应答过大' });
  });

  it('never shows the API key: not in outcomes, JSON or inspection', async () => {
    fake.fault('getBalance', { kind: 'body', body: `weird answer ${fake.apiKey}` });
    const outcomes = [
      await client.getBalance(),
      await new UpstreamClient({ allowPrivate: true, baseUrl: 'http://127.0.0.1:1', apiKey: fake.apiKey }).getBalance(),
    ];
    const shown = JSON.stringify(outcomes) + JSON.stringify(client) + util.inspect(client, { showHidden: true }) + client.label;
    expect(outcomes.map((o) => o.kind)).toEqual(['unknown', 'unknown']);
    expect(shown).not.toContain(fake.apiKey);
  });
});

describe('parseUpstreamAnswer: every answer word', () => {
  it.each([
    ['getBalance', 'ACCESS_BALANCE:12.3', { kind: 'ok', value: { balance: '12.30', cents: 1230 } }],
    ['getNumber', 'ACCESS_NUMBER:635468024:79584123456', { kind: 'ok', value: { activationId: '635468024', phone: '79584123456' } }],
    ['getNumber', 'ACCESS_NUMBER:1:+79584123456\n', { kind: 'ok', value: { activationId: '1', phone: '79584123456' } }],
    ['getStatus', 'STATUS_WAIT_CODE', { kind: 'ok', value: { status: 'WAIT_CODE', code: null } }],
    ['getStatus', 'STATUS_WAIT_RESEND', { kind: 'ok', value: { status: 'WAIT_RESEND', code: null } }],
    ['getStatus', 'STATUS_WAIT_RETRY:4821', { kind: 'ok', value: { status: 'WAIT_RETRY', code: '4821' } }],
    ['getStatus', 'STATUS_OK:G-123456', { kind: 'ok', value: { status: 'OK', code: 'G-123456' } }],
    ['getStatus', 'STATUS_CANCEL', { kind: 'ok', value: { status: 'CANCEL', code: null } }],
    ['setStatus', 'ACCESS_READY', { kind: 'ok', value: { answer: 'ACCESS_READY' } }],
    ['setStatus', 'ACCESS_RETRY_GET', { kind: 'ok', value: { answer: 'ACCESS_RETRY_GET' } }],
    ['setStatus', 'ACCESS_ACTIVATION', { kind: 'ok', value: { answer: 'ACCESS_ACTIVATION' } }],
    ['setStatus', 'ACCESS_CANCEL', { kind: 'ok', value: { answer: 'ACCESS_CANCEL' } }],
    ['getActiveActivations', 'NO_ACTIVATIONS', { kind: 'ok', value: [] }],
  ] as const)('%s %s', (action, body, expected) => {
    expect(parseUpstreamAnswer(action, body)).toEqual(expected);
  });

  it.each([
    'NO_NUMBERS',
    'NO_BALANCE',
    'BAD_SERVICE',
    'BAD_KEY',
    'BAD_ACTION',
    'NO_ACTIVATION',
    'BAD_STATUS',
    'EARLY_CANCEL_DENIED',
    'BAD_COUNTRY',
  ])('refusal %s', (word) => {
    expect(parseUpstreamAnswer('getNumber', word)).toMatchObject({ kind: 'refused', word, detail: null });
  });

  it('refusals with details, and what cannot be read', () => {
    expect(parseUpstreamAnswer('getNumber', 'WRONG_MAX_PRICE:0.85')).toMatchObject({
      kind: 'refused',
      word: 'WRONG_MAX_PRICE',
      detail: '0.85',
    });
    expect(parseUpstreamAnswer('getNumber', "BANNED:'2024-06-01 12-00-00'")).toMatchObject({
      kind: 'refused',
      word: 'BANNED',
      detail: '2024-06-01 12-00-00',
    });
    expect(parseUpstreamAnswer('getNumber', 'ERROR_SQL')).toEqual({ kind: 'unreadable', providerError: true });
    for (const body of [
      '',
      'ACCESS_NUMBER:abc:123',
      'ACCESS_NUMBER:12',
      'STATUS_OK:',
      'toString',
      'ACCESS_BALANCE:x',
      '{"activeActivations":3}',
    ]) {
      const action = body.startsWith('STATUS') ? 'getStatus' : body.startsWith('{') ? 'getActiveActivations' : 'getNumber';
      expect(parseUpstreamAnswer(action, body)).toEqual({ kind: 'unreadable', providerError: false });
    }
  });
});
