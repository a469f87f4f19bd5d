/**
 * A 5sim purchase is a link like any other (docs/api.md, "5sim API"): its code reaches the link's own
 * reads (`/api/code/<token>`, the `/c/<token>` page) and the customer's webhook, as any link's does;
 * the auto-refund refunds one whose code never came (5sim then reads it CANCELED) with its ledger row;
 * on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, expectBooksBalance } from '../../helpers/commerce.js';
import { fiveSim } from '../../helpers/fivesim-client.js';
import { keyedCustomer, smsGoods, type Keyed } from '../../helpers/handler.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

const MINUTE = 60_000;

describe.each(dbKinds)('a 5sim order in the one store on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let a: Keyed;
  let hook: Receiver;

  const linkOf = (id: number) =>
    s.database.db.selectFrom('tokens').select(['token', 'identifier', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
  const balance = async () =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', a.id).executeTakeFirstOrThrow()).balance);

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } as object });
    sup = await s.login(SUP.username, SUP.password);
    a = await keyedCustomer(s, sup, 'five_store', 10);
    // Refunded by the auto-refund when no code came within 5 minutes.
    await smsGoods(
      s,
      sup,
      { title: 'Telegram', service: 'tg', price: 1.5, code_wait_minutes: 5 },
      Array.from({ length: 4 }, (_, i) => `+7900500000${i}`),
    );
    hook = await startReceiver();
    const set = await s.post('/api/webhook/config', { url: hook.url, enabled: true }, a.token);
    expect(set.code, set.message).toBe(200);
  });
  afterAll(async () => {
    await hook?.close();
    await s?.close();
  });

  it('its code reaches /api/code/<token>, the /c/<token> page and the webhook, as any link', async () => {
    const order = await fiveSim(s.url, a.key).buy('russia', 'any', 'telegram');
    const link = await linkOf(order.id);
    expect(link.identifier.replace(/\D/g, '')).toBe(order.phone.slice(1));
    expect((await s.get(`/api/code/${link.token}`)).data.code ?? null).toBeNull();

    await deliver(s, link.identifier, 'Telegram code: 40917. Do not give this code to anyone');
    expect((await s.get(`/api/code/${link.token}`)).data.code).toBe('40917');
    const page = await fetch(`${s.url}/c/${link.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<span class="value" id="code">40917</span>');
    const [got] = await hook.waitFor(1);
    expect(got.json).toMatchObject({ event: 'code', activationId: order.id, code: '40917', service: 'tg', token: link.token });
    expect((await fiveSim(s.url, a.key).check(order.id)).sms?.map((m) => m.code)).toEqual(['40917']);
  });

  it('the auto-refund refunds one whose code never came: 5sim reads it CANCELED, paid back with a refund row', async () => {
    const before = await balance();
    const order = await fiveSim(s.url, a.key).buy('russia', 'any', 'telegram');
    expect(await balance()).toBe(before - 150);
    s.clock.freeze(Date.now() + 6 * MINUTE);
    try {
      expect(await s.app.jobs.runNow('token-auto-refund')).toBe(true);
      expect((await linkOf(order.id)).state).toBe('refunded');
      expect((await fiveSim(s.url, a.key).check(order.id)).status).toBe('CANCELED');
      expect(await balance()).toBe(before);
      const refund = await s.database.db
        .selectFrom('ledger')
        .select(['amount', 'type'])
        .where('user_id', '=', a.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect([refund.type, Number(refund.amount)]).toEqual(['refund', 150]);
    } finally {
      s.clock.reset();
    }
    await expectBooksBalance(s, sup);
  });
});
