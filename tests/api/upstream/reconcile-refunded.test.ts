/**
 * Reconciling pending upstream links of one product when the sup has already refunded some of them:
 * a number found at the provider that no link holds goes to a link that still waits (never to a
 * refunded one), and only a number nobody can use goes back to the provider. Each customer is
 * refunded at most once, each refund with its ledger row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance } from '../../helpers/commerce.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

type Buyer = { id: number; token: string };

describe.each(dbKinds)('reconciling pending upstream links beside refunded ones on %s', (kind) => {
  let s: TestServer;
  let fake: FakeSmsActivate;
  let sup: string;
  let alice: Buyer;
  let bob: Buyer;
  let goodsId: number;

  const db = () => s.database.db;
  const link = (id: number) => db().selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const balanceOf = async (id: number) =>
    Number((await db().selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const refundsOf = async (tokenId: number) =>
    (
      await db()
        .selectFrom('ledger')
        .select('amount')
        .where('type', '=', 'refund')
        .where('ref_type', '=', 'token')
        .where('ref_id', '=', tokenId)
        .execute()
    ).map((r) => Number(r.amount));
  const cancels = (activationId: number) =>
    fake.requests.filter((r) => r.action === 'setStatus' && r.params.id === String(activationId) && r.params.status === '8');
  const idle = () => [...fake.activations.values()].filter((a) => a.state === 'wait_code');
  const newest = () => [...fake.activations.values()].sort((x, y) => y.id - x.id)[0];

  /** A purchase whose getNumber answer is lost: with `bought`, the provider sold a number (an orphan); else it sold none. */
  async function lostPurchase(buyer: Buyer, bought: boolean) {
    fake.fault('getNumber', bought ? { kind: 'slow', ms: 2_500 } : { kind: 'http500', applyEffect: false });
    const t = (await buyOk(s, buyer.token, goodsId)).tokens[0];
    expect(t.identifier).toBe('');
    expect(await link(t.id)).toMatchObject({ state: 'active', upstream_state: 'pending' });
    return t;
  }

  async function supRefunds(tokenId: number) {
    const r = await s.post('/api/token/refund', { id: tokenId, remark: '客户要求退款' }, sup);
    expect(r.code, r.message).toBe(200);
    expect(r.data.amount).toBe(1);
  }

  beforeAll(async () => {
    fake = await startFakeSmsActivate({ balance: 50, stock: { tg: { count: 100, price: 0.4 } } });
    s = await startServer(kind, { settings: { webhookAllowPrivate: true, upstreamTimeoutMs: 1000 } });
    sup = await s.login(SUP.username, SUP.password);
    alice = await s.addCustomer(sup, 'alice');
    bob = await s.addCustomer(sup, 'bob');
    await credit(s, sup, alice.id, 10);
    await credit(s, sup, bob.id, 10);
    const provider = (await s.post('/api/provider/add', { name: '上游', base_url: fake.url, api_key: fake.apiKey }, sup)).data.id;
    goodsId = await addGoods(s, sup, {
      title: 'Telegram 上游',
      service: 'tg',
      price: 1,
      source: 'upstream',
      provider_id: provider,
      upstream_service: 'tg',
      code_wait_minutes: 10,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('the orphan number goes to the customer who still waits, not to the link the sup refunded first', async () => {
    const a0 = await balanceOf(alice.id);
    const b0 = await balanceOf(bob.id);
    // Alice's number was bought but its answer lost; Bob's call failed without buying. Both pending.
    const first = await lostPurchase(alice, true);
    const second = await lostPurchase(bob, false);
    expect(idle()).toHaveLength(1);
    const [orphan] = idle();
    // The sup refunds Alice's link (the older one) before the reconcile job runs.
    await supRefunds(first.id);

    await s.app.jobs.runNow('upstream-reconcile');

    const waiting = await link(second.id);
    expect(waiting).toMatchObject({ state: 'active', upstream_state: 'waiting', identifier: orphan.phone, upstream_id: String(orphan.id) });
    expect(orphan.state).toBe('wait_code');
    expect(cancels(orphan.id)).toHaveLength(0);
    const refunded = await link(first.id);
    expect(refunded.state).toBe('refunded');
    expect(refunded.upstream_state).not.toBe('pending');
    expect(refunded.upstream_id).toBe(null);
    // Money: Alice refunded once (by the sup), Bob paid for the number he now has.
    expect(await refundsOf(first.id)).toEqual([100]);
    expect(await refundsOf(second.id)).toEqual([]);
    expect(await balanceOf(alice.id)).toBe(a0);
    expect(await balanceOf(bob.id)).toBe(b0 - 100);

    // Bob's code arrives through the number he got.
    fake.deliver(orphan.id, '246810');
    await s.app.jobs.runNow('upstream-poll');
    expect((await s.get(`/api/code/${second.token}`)).data.code).toBe('246810');

    // Another round changes nothing.
    await s.app.jobs.runNow('upstream-reconcile');
    expect(await refundsOf(first.id)).toEqual([100]);
    expect(await refundsOf(second.id)).toEqual([]);
    await expectBooksBalance(s, sup);
  });

  it('two orphans, one refunded link: the waiting link gets one, the other goes back to the provider', async () => {
    const a0 = await balanceOf(alice.id);
    const b0 = await balanceOf(bob.id);
    const first = await lostPurchase(alice, true);
    const second = await lostPurchase(bob, true);
    const orphans = idle().sort((x, y) => x.id - y.id);
    expect(orphans).toHaveLength(2);
    await supRefunds(first.id);

    await s.app.jobs.runNow('upstream-reconcile');

    const waiting = await link(second.id);
    expect(waiting).toMatchObject({ state: 'active', upstream_state: 'waiting' });
    const kept = orphans.find((a) => String(a.id) === waiting.upstream_id)!;
    expect(kept.phone).toBe(waiting.identifier);
    expect(kept.state).toBe('wait_code');
    const spare = orphans.find((a) => a !== kept)!;
    expect(spare.state).toBe('cancelled');
    expect(cancels(spare.id)).toHaveLength(1);
    expect(cancels(kept.id)).toHaveLength(0);
    expect(await refundsOf(first.id)).toEqual([100]);
    expect(await refundsOf(second.id)).toEqual([]);
    expect(await balanceOf(alice.id)).toBe(a0);
    expect(await balanceOf(bob.id)).toBe(b0 - 100);
    await s.app.jobs.runNow('upstream-reconcile');
    expect(cancels(spare.id)).toHaveLength(1);
    expect(await refundsOf(first.id)).toEqual([100]);
    await expectBooksBalance(s, sup);
  });

  it('the waiting link is the older one: it gets the number, the refunded link gets nothing', async () => {
    const a0 = await balanceOf(alice.id);
    const b0 = await balanceOf(bob.id);
    const first = await lostPurchase(alice, true);
    const second = await lostPurchase(bob, false);
    const orphan = newest();
    await supRefunds(second.id);

    await s.app.jobs.runNow('upstream-reconcile');

    expect(await link(first.id)).toMatchObject({ state: 'active', upstream_state: 'waiting', identifier: orphan.phone });
    expect(orphan.state).toBe('wait_code');
    expect(cancels(orphan.id)).toHaveLength(0);
    expect(await link(second.id)).toMatchObject({ state: 'refunded', upstream_id: null });
    expect(await refundsOf(first.id)).toEqual([]);
    expect(await refundsOf(second.id)).toEqual([100]);
    expect(await balanceOf(alice.id)).toBe(a0 - 100);
    expect(await balanceOf(bob.id)).toBe(b0);
    await expectBooksBalance(s, sup);
  });

  it('nothing bought for either link: the one still waiting is refunded once, the refunded one is not refunded again', async () => {
    const a0 = await balanceOf(alice.id);
    const b0 = await balanceOf(bob.id);
    const waiting = idle().length;
    const first = await lostPurchase(alice, false);
    const second = await lostPurchase(bob, false);
    expect(idle()).toHaveLength(waiting);
    await supRefunds(first.id);

    await s.app.jobs.runNow('upstream-reconcile');

    expect(await link(first.id)).toMatchObject({ state: 'refunded', upstream_state: 'failed' });
    expect(await link(second.id)).toMatchObject({ state: 'refunded', upstream_state: 'failed' });
    expect(await refundsOf(first.id)).toEqual([100]);
    expect(await refundsOf(second.id)).toEqual([100]);
    expect(await balanceOf(alice.id)).toBe(a0);
    expect(await balanceOf(bob.id)).toBe(b0);
    await expectBooksBalance(s, sup);
  });
});
