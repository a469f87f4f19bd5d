/**
 * The SMSHUB agent protocol end to end, driven by a fake aggregator on loopback
 * (tests/helpers/fake-aggregator.ts), on SQLite and PostgreSQL: the key, GET_SERVICES' counts against
 * what can really be handed out (devices disabled or silent, rented or bought numbers, refused ones),
 * GET_NUMBER taking a number from stock like a sale, FINISH_ACTIVATION's statuses and their repeats.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { addDevice, sendSms } from '../../helpers/intake.js';
import { addAggregator, AgentCaller, countsOf, FakeAggregator } from '../../helpers/fake-aggregator.js';

const RU = 79001230000;

describe.each(dbKinds)('SMSHUB agent protocol on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let agg: FakeAggregator;
  let hub: AgentCaller;
  let aggregatorId: number;
  let goodsId: number;

  const stockOf = async (id: number) => (await s.get(`/api/goods/detail?id=${id}`, sup)).data.stock as number;
  const itemState = async (identifier: string) =>
    await s.database.db
      .selectFrom('stock_items')
      .select(['state', 'agent_handouts'])
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    sup = await s.login(SUP.username, SUP.password);
    const r = await addAggregator(s, sup, 'SMSHUB');
    agg = r.agg;
    aggregatorId = r.data.id;
    expect(r.data.key).toBeUndefined();
    expect(r.data.endpoint_url).toBe(`${s.url}/api/agent/${aggregatorId}`);
    hub = new AgentCaller(r.data.endpoint_url, agg.key);
    goodsId = await addGoods(s, sup, { title: 'WhatsApp 俄罗斯', service: 'wa', country: 0, agent_sell: true, agent_min_sum: 0.1 });
    await importLines(s, sup, goodsId, phones(5, RU));
  });
  afterAll(async () => {
    await s?.close();
    await agg?.close();
  });

  it('refuses a wrong key, an unknown aggregator and a body that is no JSON, saying nothing else', async () => {
    for (const answer of [
      await hub.call({ action: 'GET_SERVICES' }, 'wrong-key'),
      await new AgentCaller(`${s.url}/api/agent/999`, agg.key).services(),
      await new AgentCaller(`${s.url}/api/agent/abc`, agg.key).services(),
      await hub.call({ action: 'GET_NUMBER', country: 'russia', service: 'wa', sum: 20, currency: 643 }, ''),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ status: 'ERROR', error: 'wrong key' });
    }
    const res = await fetch(hub.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":' });
    expect(res.status).toBe(400);
    expect((await res.json()).status).toBe('ERROR');
    const list = await s.post('/api/agent_activation/data?page=1&pageSize=10', {}, sup);
    expect(list.data.total).toBe(0);
  });

  it('GET_SERVICES counts what can be handed out, as JSON numbers; a gzip body is read', async () => {
    const a = await hub.services();
    expect(a.status).toBe(200);
    expect(a.json.status).toBe('SUCCESS');
    expect(countsOf(a)).toEqual({ 'russia/any/wa': 5 });
    expect(typeof a.json.countryList[0].operatorMap.any.wa).toBe('number');
    const zipped = await new AgentCaller(hub.endpoint, agg.key, { gzip: true, acceptGzip: true }).services();
    expect(countsOf(zipped)).toEqual({ 'russia/any/wa': 5 });
    // The aggregator shows as connected.
    const row = (await s.get(`/api/aggregator/detail?id=${aggregatorId}`, sup)).data;
    expect(row.state).toBe('ok');
    expect(row.key_hint).toBe(`••••${agg.key.slice(-4)}`);
  });

  it('GET_NUMBER takes a number from stock like a sale: numeric number and activationId, prefixes and the least sum kept', async () => {
    // Below the product's least sum (0.10 dollars = 9 roubles at 90): none.
    expect((await hub.number({ country: 'russia', service: 'wa', sum: 8.99, currency: 643 })).json).toEqual({ status: 'NO_NUMBERS' });
    expect((await hub.number({ country: 'russia', service: 'wa', sum: 0.09, currency: 840 })).json).toEqual({ status: 'NO_NUMBERS' });
    // Another service, country or operator: none.
    expect((await hub.number({ country: 'russia', service: 'tg' })).json.status).toBe('NO_NUMBERS');
    expect((await hub.number({ country: 'ukraine', service: 'wa' })).json.status).toBe('NO_NUMBERS');
    expect((await hub.number({ country: 'russia', service: 'wa', operator: 'mts' })).json.status).toBe('NO_NUMBERS');
    // Every number starts 7900123000x: excluding 79001230000 and 79001230001 leaves the third.
    const a = await hub.number({ country: 'russia', service: 'wa', sum: 12.5, exceptionPhoneSet: ['79001230000', '79001230001'] });
    expect(a.json.status).toBe('SUCCESS');
    expect(a.json.number).toBe(RU + 2);
    expect(typeof a.json.activationId).toBe('number');
    expect(await stockOf(goodsId)).toBe(4);
    expect(await itemState(String(RU + 2))).toEqual({ state: 'sold', agent_handouts: 1 });
    expect(countsOf(await hub.services())).toEqual({ 'russia/any/wa': 4 });
    // A whole prefix: nothing left.
    expect((await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: ['7900'] })).json.status).toBe('NO_NUMBERS');
    const rows = (await s.post('/api/agent_activation/data?page=1&pageSize=10', {}, sup)).data.list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activation_id: a.json.activationId,
      identifier: String(RU + 2),
      service: 'wa',
      country: 'russia',
      sum: 12.5,
      currency: '643',
      amount: 0.13,
      status: 'waiting',
      sms_count: 0,
      aggregator_id_label: 'SMSHUB',
    });
    await hub.finish(a.json.activationId, 4);
  });

  it('FINISH_ACTIVATION: 4 puts the number back (four hand-outs at most), repeats answer SUCCESS and change nothing', async () => {
    const number = String(RU + 2);
    expect(await itemState(number)).toEqual({ state: 'available', agent_handouts: 1 });
    expect(await stockOf(goodsId)).toBe(5);
    // Hand the same number out three more times (the others excluded), cancelling each.
    const others = phones(5, RU).filter((n) => n !== number);
    for (let i = 2; i <= 4; i++) {
      const a = await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: others });
      expect(a.json.number).toBe(Number(number));
      expect((await hub.finish(a.json.activationId, 4)).json).toEqual({ status: 'SUCCESS' });
      // A repeat, and a different status after the first: SUCCESS, nothing changes.
      expect((await hub.finish(a.json.activationId, 4)).json).toEqual({ status: 'SUCCESS' });
      expect((await hub.finish(String(a.json.activationId), 3)).json).toEqual({ status: 'SUCCESS' });
    }
    expect(await itemState(number)).toEqual({ state: 'available', agent_handouts: 4 });
    // Back in the store's stock, but no longer offered to aggregators.
    expect(await stockOf(goodsId)).toBe(5);
    expect(countsOf(await hub.services())).toEqual({ 'russia/any/wa': 4 });
    expect((await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: others })).json.status).toBe('NO_NUMBERS');
    // Unknown, someone else's or malformed activations.
    expect((await hub.finish(987654, 3)).json).toEqual({ status: 'ERROR', error: 'unknown activation' });
    expect((await hub.finish(1, 2)).json.status).toBe('ERROR');
    expect((await hub.finish('x', 3)).json.status).toBe('ERROR');
    const cancelled = (await s.post('/api/agent_activation/data?page=1&pageSize=10', { status: 'cancelled' }, sup)).data;
    expect(cancelled.total).toBe(4);
  });

  it('status 3 records the sale, 1 refuses the number for the service, 5 records a return', async () => {
    const sold = await hub.number({ country: 'russia', service: 'wa', sum: 45, currency: 643 });
    expect((await hub.finish(sold.json.activationId, 3)).json.status).toBe('SUCCESS');
    const soldNumber = String(sold.json.number);
    expect((await itemState(soldNumber)).state).toBe('sold');
    const goods = (await s.get(`/api/goods/detail?id=${goodsId}`, sup)).data;
    expect(goods.sold).toBe(1);

    const blocked = await hub.number({ country: 'russia', service: 'wa' });
    expect((await hub.finish(blocked.json.activationId, 1)).json.status).toBe('SUCCESS');
    expect((await itemState(String(blocked.json.number))).state).toBe('disabled');
    expect(await stockOf(goodsId)).toBe(3);

    // The refused number, in stock for a second product of the same service: not offered there either.
    const second = await addGoods(s, sup, { title: 'WhatsApp 俄罗斯 B', service: 'wa', country: 0, agent_sell: true });
    await importLines(s, sup, second, [String(blocked.json.number), '79005550000']);
    expect(countsOf(await hub.services())).toEqual({ 'russia/any/wa': 3 });

    const returned = await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: ['79001'] });
    expect(returned.json.number).toBe(79005550000);
    expect((await hub.finish(returned.json.activationId, 5)).json.status).toBe('SUCCESS');
    // A sale returned later becomes a return.
    expect((await hub.finish(sold.json.activationId, 5)).json.status).toBe('SUCCESS');
    const list = (await s.post('/api/agent_activation/data?page=1&pageSize=50', {}, sup)).data.list as { status: string }[];
    expect(list.filter((r) => r.status === 'returned')).toHaveLength(2);
    expect(list.filter((r) => r.status === 'blocked')).toHaveLength(1);
    await s.post('/api/goods/edit', { id: second, agent_sell: false }, sup);
  });

  it('counts only numbers on working phones: a disabled or silent device, or a lapsed SIM, takes its numbers out, at once', async () => {
    const before = countsOf(await hub.services())['russia/any/wa'];
    const available = await s.database.db
      .selectFrom('stock_items')
      .select('identifier')
      .where('goods_id', '=', goodsId)
      .where('state', '=', 'available')
      .where('agent_handouts', '<', 4)
      .execute();
    expect(available.length).toBe(before);
    const [bound, slotted] = available.map((r) => r.identifier);
    const phone = await addDevice(s, sup, { name: '一号机', sim2: `+${slotted}` });
    expect((await s.post('/api/device/bind', { id: phone.id, text: bound }, sup)).code).toBe(200);
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(before);

    // Disabled: both leave the counts, and neither is handed out.
    await s.post('/api/device/edit', { id: phone.id, enabled: false }, sup);
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(before - 2);
    const others = available.map((r) => r.identifier).filter((n) => n !== bound && n !== slotted);
    expect((await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: others })).json.status).toBe('NO_NUMBERS');

    // Enabled again, then silent for longer than DEVICE_SILENT_MINUTES: out again; one SMS brings it back.
    await s.post('/api/device/edit', { id: phone.id, enabled: true }, sup);
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(before);
    s.clock.advance(s.settings.deviceSilentMs + 60_000);
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(before - 2);
    const sms = await sendSms(s, phone, '测试', { simInfo: `SIM2_+${slotted}` });
    expect(sms.status, sms.text).toBe(200);
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(before);

    // A SIM past its expiry (设备号码's 到期时间) is out too.
    const lapsed = { expire_at: s.clock.now() - 1000, update_at: s.clock.now() };
    const updated = await s.database.db.updateTable('device_numbers').set(lapsed).where('ident_key', '=', slotted).executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) {
      await s.database.db
        .insertInto('device_numbers')
        .values({ ident_key: slotted, identifier: slotted, state: 'unconfirmed', create_at: s.clock.now(), ...lapsed })
        .execute();
    }
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(before - 1);
    await s.database.db.updateTable('device_numbers').set({ expire_at: null }).where('ident_key', '=', slotted).execute();
    expect((await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: others })).json.status).toBe('SUCCESS');
  });

  it('a number a store link holds, through another product, is neither counted nor handed out; a disabled aggregator gets nothing', async () => {
    const before = countsOf(await hub.services())['russia/any/wa'];
    expect(before).toBe(1);
    // The last number offered is also in stock for a product the store sells (not offered to aggregators).
    const second = (await s.post('/api/goods/data?page=1&pageSize=50', { title: 'WhatsApp 俄罗斯 B' }, sup)).data.list[0].id;
    await importLines(s, sup, second, [String(RU + 4)]);
    const buyer = await s.addCustomer(sup, `agent_buyer_${kind}`);
    await credit(s, sup, buyer.id, 100);
    const bought = await buyOk(s, buyer.token, second, 2);
    expect(bought.tokens.map((t) => t.identifier)).toContain(String(RU + 4));
    expect(countsOf(await hub.services())['russia/any/wa']).toBe(0);
    expect((await hub.number({ country: 'russia', service: 'wa' })).json.status).toBe('NO_NUMBERS');

    await s.post('/api/aggregator/edit', { id: aggregatorId, enabled: false }, sup);
    expect((await hub.services()).json).toEqual({ status: 'SUCCESS', countryList: [] });
    expect((await hub.number({ country: 'russia', service: 'wa' })).json).toEqual({ status: 'NO_NUMBERS' });
    expect((await s.get(`/api/aggregator/detail?id=${aggregatorId}`, sup)).data.state).toBe('off');
    await s.post('/api/aggregator/edit', { id: aggregatorId, enabled: true }, sup);
  });

  it('answers gzipped when asked and the answer is long; an unknown action or a bad field is an ERROR', async () => {
    for (let i = 0; i < 60; i++) await addGoods(s, sup, { title: `多服务 ${i}`, service: `svc${i}`, country: 6, agent_sell: true });
    const res = await fetch(hub.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ action: 'GET_SERVICES', key: agg.key }),
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const json = await res.json();
    expect(json.countryList.find((c: { country: string }) => c.country === 'indonesia').operatorMap.any.svc7).toBe(0);
    // The raw bytes really are gzip (fetch unpacked them above).
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const req = http.request(hub.endpoint, { method: 'POST', headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ action: 'GET_SERVICES', key: agg.key }));
    });
    expect(JSON.parse(zlib.gunzipSync(raw).toString()).status).toBe('SUCCESS');
    expect((await hub.call({ action: 'GET_BALANCE' })).json).toEqual({ status: 'ERROR', error: 'unknown action' });
    expect((await hub.number({ country: 'russia', service: 'wa', currency: 978 })).json.status).toBe('ERROR');
    expect((await hub.call({ action: 'GET_NUMBER', country: 'russia', service: 'wa', sum: 'lots' })).json.status).toBe('ERROR');
    expect((await hub.number({ country: 'russia', service: 'wa', exceptionPhoneSet: ['79x'] })).json.status).toBe('ERROR');
  });

  it('the store does not sell a number an aggregator holds through another product, until it is given back', async () => {
    const offered = await addGoods(s, sup, { title: 'Line 泰国', service: 'me', country: 52, agent_sell: true });
    const shop = await addGoods(s, sup, { title: 'Line 泰国 店内', service: 'me', country: 52 });
    await importLines(s, sup, offered, ['66801234567']);
    await importLines(s, sup, shop, ['66801234567']);
    const a = await hub.number({ country: 'thailand', service: 'me' });
    expect(a.json.number).toBe(66801234567);
    const buyer = await s.addCustomer(sup, `agent_shop_${kind}`);
    await credit(s, sup, buyer.id, 10);
    const refused = await s.post('/api/order/buy', { goods_id: shop, quantity: 1 }, buyer.token);
    expect(refused.code).toBe(409);
    expect((await s.post('/api/user/info', {}, buyer.token)).data.balance).toBe(10);
    await hub.finish(a.json.activationId, 4);
    const bought = await buyOk(s, buyer.token, shop, 1);
    expect(bought.tokens[0].identifier).toBe('66801234567');
    // Now a customer's link holds it: not offered to aggregators through the other product either.
    expect(countsOf(await hub.services())['thailand/any/me']).toBe(0);
  });

  it("a malformed call is answered in the protocol's words, never an error page, and changes nothing", async () => {
    const before = await s.snapshot();
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20));
    for (const [what, body, headers] of [
      ['broken JSON', '{"action":', {}],
      ['a JSON array', '[1,2]', {}],
      ['a JSON string', '"GET_SERVICES"', {}],
      ['deep nesting', deep, {}],
      ['no content type', JSON.stringify({ action: 'GET_NUMBER', key: agg.key }), { 'content-type': '' }],
      ['gzip that is not', 'plain text', { 'content-encoding': 'gzip' }],
      ['a gzip bomb', new Uint8Array(bomb), { 'content-encoding': 'gzip' }],
      ['an oversized body', JSON.stringify({ action: 'GET_SERVICES', key: agg.key, pad: 'x'.repeat(100 * 1024) }), {}],
      ['U+0000', JSON.stringify({ action: 'GET_NUMBER', key: agg.key, country: 'rus\u0000sia', service: 'wa', sum: 1 }), {}],
    ] as [string, string | Uint8Array<ArrayBuffer>, Record<string, string>][]) {
      const res = await fetch(hub.endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      expect(res.status, what).not.toBe(500);
      const json = await res.json();
      expect(json.status, what).toBe('ERROR');
      expect(Object.keys(json).sort(), what).toEqual(['error', 'status']);
    }
    expect(await s.snapshot()).toBe(before);
  });

  it('only the owner and operators manage aggregators; finance reads the records and the sales; support neither', async () => {
    const roles: Record<string, string> = {};
    for (const role of ['operator', 'finance', 'support'] as const) {
      const added = await s.post('/api/user/add', { username: `agents_${role}`, password: 'Staff-pass-1', type: 'sup', role }, sup);
      expect(added.code, added.message).toBe(200);
      roles[role] = await s.login(`agents_${role}`, 'Staff-pass-1');
    }
    const body = { name: '运营加的', key: 'k-operator-1', push_url: agg.pushUrl };
    const byOperator = await s.post('/api/aggregator/add', body, roles.operator);
    expect(byOperator.code, byOperator.message).toBe(200);
    expect((await s.post('/api/aggregator/edit', { id: byOperator.data.id, enabled: false }, roles.operator)).code).toBe(200);
    for (const role of ['finance', 'support']) {
      expect((await s.post('/api/aggregator/add', { ...body, name: role }, roles[role])).code).toBe(403);
      expect((await s.post('/api/aggregator/data', {}, roles[role])).code).toBe(403);
      expect((await s.get(`/api/aggregator/detail?id=${aggregatorId}`, roles[role])).code).toBe(403);
      expect((await s.post('/api/aggregator/del', { ids: [byOperator.data.id] }, roles[role])).code).toBe(403);
    }
    for (const role of ['operator', 'finance']) {
      expect((await s.post('/api/agent_activation/data', {}, roles[role])).code).toBe(200);
      const sales = await s.get('/api/aggregator/sales', roles[role]);
      expect(sales.code).toBe(200);
      expect(sales.data.list.find((r: { name: string }) => r.name === 'SMSHUB')).toMatchObject({ total: { count: 0 } });
    }
    expect((await s.post('/api/agent_activation/data', {}, roles.support)).code).toBe(403);
    expect((await s.get('/api/aggregator/sales', roles.support)).code).toBe(403);
    const customer = await s.addCustomer(sup, `agents_cust_${kind}`);
    expect((await s.post('/api/aggregator/data', {}, customer.token)).code).toBe(403);
    expect((await s.post('/api/agent_activation/data', {}, customer.token)).code).toBe(403);
    // Deleting: one that never took a number may go; one with records may not (disable it instead).
    expect((await s.post('/api/aggregator/del', { ids: [byOperator.data.id] }, roles.operator)).code).toBe(200);
    expect((await s.post('/api/aggregator/del', { ids: [aggregatorId] }, sup)).code).toBe(409);
  });
});
