/** What happens to a link after it is bought: reset, renewal, refunds, expiry and automatic refund. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { connect, type Database } from '../../../server/platform/db/connection.js';
import { allJobs } from '../../../server/app.js';
import { startJobs } from '../../../server/platform/jobs/runner.js';
import { autoRefundJob } from '../../../server/sales/auto-refund.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, ctxOf, deliver, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(dbKinds)('links after purchase on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let nextPhone = 8613300000000;
  const db = () => s.database.db;

  async function product(fields: Record<string, unknown> = {}, stock = 10) {
    const id = await addGoods(s, sup, { title: `商品${nextPhone}`, price: 2, renew_price: 0.5, reset_limit: 2, ...fields });
    await importLines(s, sup, id, phones(stock, nextPhone));
    nextPhone += 1000;
    return id;
  }
  const balance = async (userId = buyer.id) =>
    Number((await db().selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance) / 100;
  const link = (id: number) => s.get(`/api/token/detail?id=${id}`, buyer.token).then((r) => r.data);

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'link_owner');
    await credit(s, sup, buyer.id, 500);
  });
  afterAll(() => s?.close());

  describe('reset (重提)', () => {
    it('re-arms the link: the old code is gone, only later messages count, a record is kept; within the limit', async () => {
      const goods = await product({ reset_limit: 2 });
      const [t] = (await buyOk(s, buyer.token, goods)).tokens;
      const before = Date.now();
      await deliver(s, t.identifier, '验证码 123123 请勿泄露', { receivedAt: before });
      expect((await link(t.id)).state).toBe('used_up');

      s.clock.freeze(before + MINUTE);
      try {
        const r = await s.post('/api/token/reset', { id: t.id }, buyer.token);
        expect(r.code, r.message).toBe(200);
        expect(r.data).toMatchObject({ resets: 1, resets_left: 1 });
        expect(chinese(r.message)).toBe(true);
        expect(await link(t.id)).toMatchObject({ state: 'active', last_code: null, received: 0, receives_left: 1, resets: 1 });
        expect((await s.call('GET', `/api/code/${t.token}`)).data).toMatchObject({ state: 'active', code: null });
        // A message from before the reset (a late delivery) does not count; one after it does.
        expect((await deliver(s, t.identifier, '验证码 454545 请勿泄露', { receivedAt: before + 30_000 })).tokenIds).toEqual([]);
        s.clock.advance(MINUTE);
        expect((await deliver(s, t.identifier, '验证码 565656 请勿泄露')).tokenIds).toEqual([t.id]);
        const records = (await s.post('/api/reset/data', { token_id: t.id }, buyer.token)).data;
        expect(records.list).toHaveLength(1);
        expect(records.list[0]).toMatchObject({ token_id: t.id, identifier: t.identifier, token_id_label: t.identifier });

        expect((await s.post('/api/token/reset', { id: t.id }, buyer.token)).code).toBe(200);
        const spent = await s.post('/api/token/reset', { id: t.id }, buyer.token);
        expect(spent.code).toBe(409);
        expect(spent.message).toContain('重提次数已用完');
      } finally {
        s.clock.reset();
      }
    });

    it('refused for a product without resets, an expired link and a refunded one; concurrent resets stay within the limit', async () => {
      const none = await product({ reset_limit: 0 });
      const [a] = (await buyOk(s, buyer.token, none)).tokens;
      expect((await s.post('/api/token/reset', { id: a.id }, buyer.token)).message).toContain('不支持重提');

      const goods = await product({ reset_limit: 3, valid_hours: 1 });
      const [b, c, d] = (await buyOk(s, buyer.token, goods, 3)).tokens;
      await s.post('/api/token/refund', { id: b.id, remark: '测试' }, sup);
      expect((await s.post('/api/token/reset', { id: b.id }, buyer.token)).code).toBe(409);
      s.clock.freeze(Date.now() + 2 * HOUR);
      try {
        const before = await s.snapshot();
        const expired = await s.post('/api/token/reset', { id: c.id }, buyer.token);
        expect(expired.code).toBe(409);
        expect(expired.message).toContain('过期');
        expect(await s.snapshot()).toBe(before);
      } finally {
        s.clock.reset();
      }
      const answers = await Promise.all(Array.from({ length: 8 }, () => s.post('/api/token/reset', { id: d.id }, buyer.token)));
      expect(answers.filter((r) => r.code === 200)).toHaveLength(3);
      expect((await link(d.id)).resets).toBe(3);
      expect(await db().selectFrom('reset_records').select('id').where('token_id', '=', d.id).execute()).toHaveLength(3);
    });
  });

  describe('renewal (续费)', () => {
    it('pays renew_price x days (no discount) for more days: an augment order, a ledger row, a record', async () => {
      const goods = await product({ renew_price: 0.75 });
      await s.post('/api/discount/add', { user_id: buyer.id, rate: 0.1 }, sup);
      const [t] = (await buyOk(s, buyer.token, goods)).tokens;
      const expires = (await link(t.id)).expires_at;
      const quote = await s.post('/api/token/quote', { id: t.id, days: 3 }, buyer.token);
      expect(quote.data).toMatchObject({ renew_price: 0.75, amount: 2.25, expires_at: expires, enough_balance: true });
      const money = await balance();
      const r = await s.post('/api/token/augment', { id: t.id, days: 3 }, buyer.token);
      expect(r.code, r.message).toBe(200);
      expect(r.data).toMatchObject({ amount: 2.25, expires_at: quote.data.expires_after });
      expect(await balance()).toBeCloseTo(money - 2.25, 2);
      const order = (await s.get(`/api/order/detail?id=${r.data.order_id}`, buyer.token)).data;
      expect(order).toMatchObject({
        type: 'augment',
        quantity: 3,
        unit_price: 0.75,
        amount: 2.25,
        token_id: t.id,
        token_id_label: t.identifier,
      });
      const record = (await s.post('/api/augment/data', { token_id: t.id }, buyer.token)).data.list[0];
      expect(record).toMatchObject({
        days: 3,
        amount: 2.25,
        expires_before: expires,
        expires_after: r.data.expires_at,
        order_id: r.data.order_id,
      });
      const ledger = (await s.post('/api/finance/data', {}, buyer.token)).data.list[0];
      expect(ledger).toMatchObject({ type: 'order', amount: -2.25 });
      expect(ledger.remark).toContain('续费');
      await s.post('/api/discount/del', { ids: [(await s.post('/api/discount/data', { user_id: buyer.id }, sup)).data.list[0].id] }, sup);
    });

    it('an expired link renews within a day (from now, back to its state and its number), not later; refusals change nothing', async () => {
      const goods = await product({ valid_hours: 1, renew_price: 1 });
      const [t, late] = (await buyOk(s, buyer.token, goods, 2)).tokens;
      await deliver(s, t.identifier, '验证码 343434 请勿泄露');
      const start = Date.now();
      s.clock.freeze(start + 2 * HOUR);
      try {
        expect(await s.app.jobs.runNow('token-expiry')).toBe(true);
        expect((await link(t.id)).state).toBe('expired');
        const item = () => db().selectFrom('stock_items').select('state').where('token_id', '=', t.id).executeTakeFirstOrThrow();
        expect((await item()).state).toBe('expired');
        const r = await s.post('/api/token/augment', { id: t.id, days: 1 }, buyer.token);
        expect(r.code, r.message).toBe(200);
        expect(await link(t.id)).toMatchObject({ state: 'used_up', last_code: '343434' });
        expect(
          Number((await db().selectFrom('tokens').select('expires_at').where('id', '=', t.id).executeTakeFirstOrThrow()).expires_at),
        ).toBe(start + 2 * HOUR + DAY);
        expect((await item()).state).toBe('sold');

        s.clock.advance(DAY);
        const before = await s.snapshot();
        const tooLate = await s.post('/api/token/augment', { id: late.id, days: 1 }, buyer.token);
        expect(tooLate.code).toBe(409);
        expect(tooLate.message).toContain('超过一天');
        expect(await s.snapshot()).toBe(before);
      } finally {
        s.clock.reset();
      }
    });

    it('refused: a product without renewal (400), too little balance (402), a refunded link or a recycled number (409)', async () => {
      const none = await product({ renew_price: 0 });
      const [a] = (await buyOk(s, buyer.token, none)).tokens;
      expect((await s.post('/api/token/augment', { id: a.id, days: 1 }, buyer.token)).code).toBe(400);

      const dear = await product({ renew_price: 100_000 });
      const [b] = (await buyOk(s, buyer.token, dear)).tokens;
      let before = await s.snapshot();
      expect((await s.post('/api/token/augment', { id: b.id, days: 365 }, buyer.token)).code).toBe(402);
      expect(await s.snapshot()).toBe(before);
      await s.post('/api/token/refund', { id: b.id, remark: '测试' }, sup);
      before = await s.snapshot();
      expect((await s.post('/api/token/augment', { id: b.id, days: 1 }, buyer.token)).code).toBe(409);
      expect(await s.snapshot()).toBe(before);

      const recycled = await product({ valid_hours: 1 });
      const [c] = (await buyOk(s, buyer.token, recycled)).tokens;
      s.clock.freeze(Date.now() + 2 * HOUR);
      try {
        await s.app.jobs.runNow('token-expiry');
        const item = await db().selectFrom('stock_items').select('id').where('token_id', '=', c.id).executeTakeFirstOrThrow();
        expect((await link(c.id)).renewable).toBe(true);
        expect((await s.post('/api/stock/enable', { ids: [Number(item.id)] }, sup)).data.changed).toBe(1);
        // The console is told before it asks: no 续费 on the link, in the detail or the list.
        expect((await link(c.id)).renewable).toBe(false);
        const listed = (await s.post('/api/token/data?page=1&pageSize=100', {}, buyer.token)).data.list as Array<{
          id: number;
          renewable: boolean;
        }>;
        expect(listed.find((r) => r.id === c.id)?.renewable).toBe(false);
        const r = await s.post('/api/token/augment', { id: c.id, days: 1 }, buyer.token);
        expect(r.code).toBe(409);
        expect(r.message).toContain('回收');
      } finally {
        s.clock.reset();
      }
    });

    it('each link says whether it can be renewed (renewable), in the list and the detail, as the refusals above decide', async () => {
      const none = await product({ renew_price: 0 });
      const yes = await product({ renew_price: 1, valid_hours: 1 });
      const [a] = (await buyOk(s, buyer.token, none)).tokens;
      const [b, c, d] = (await buyOk(s, buyer.token, yes, 3)).tokens;
      await s.post('/api/token/refund', { id: c.id, remark: '测试' }, sup);
      const renewable = async () => {
        const list = (await s.post('/api/token/data?page=1&pageSize=100', {}, buyer.token)).data.list as Array<{
          id: number;
          renewable: boolean;
        }>;
        return Object.fromEntries(list.filter((r) => [a.id, b.id, c.id, d.id].includes(r.id)).map((r) => [r.id, r.renewable]));
      };
      expect(await renewable()).toEqual({ [a.id]: false, [b.id]: true, [c.id]: false, [d.id]: true });
      expect((await link(a.id)).renewable).toBe(false);
      expect((await link(b.id)).renewable).toBe(true);
      // Expired within the grace day: still renewable; past it: not.
      const start = Date.now();
      s.clock.freeze(start + 2 * HOUR);
      try {
        expect((await link(d.id)).renewable).toBe(true);
        s.clock.advance(DAY);
        expect((await link(d.id)).renewable).toBe(false);
        expect((await s.post('/api/token/augment', { id: d.id, days: 1 }, buyer.token)).code).toBe(409);
      } finally {
        s.clock.reset();
      }
    });
  });

  describe('refunds', () => {
    it('a whole link: its share of the order and its renewals back in one ledger row; the link refunded, its number to after-sale', async () => {
      const goods = await product({ price: 3, renew_price: 0.5 });
      const p = await buyOk(s, buyer.token, goods, 2);
      const [t] = p.tokens;
      await s.post('/api/token/augment', { id: t.id, days: 2 }, buyer.token);
      const money = await balance();
      const r = await s.post('/api/token/refund', { id: t.id, remark: '号码不可用' }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.data.amount).toBe(4);
      expect(await balance()).toBeCloseTo(money + 4, 2);
      const row = (await s.post('/api/finance/data', { type: 'refund' }, buyer.token)).data.list[0];
      // The customer's row names the number; the sup's note (号码不可用) is staff-only, kept in the audit trail.
      expect(row).toMatchObject({ type: 'refund', amount: 4, remark: `号码 ${t.identifier}：客服退款` });
      const audit = await db()
        .selectFrom('audit')
        .selectAll()
        .where('action', '=', 'token.refund')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(JSON.stringify(audit)).toContain('号码不可用');
      expect((await s.get(`/api/order/detail?id=${p.order_id}`, sup)).data).toMatchObject({ refunded: 3, state: 'partial' });
      expect((await link(t.id)).state).toBe('refunded');
      expect((await link(p.tokens[1].id)).state).toBe('active');
      const item = await db().selectFrom('stock_items').select('state').where('token_id', '=', t.id).executeTakeFirstOrThrow();
      expect(item.state).toBe('after_sale');
      const again = await s.post('/api/token/refund', { id: t.id, remark: '再退' }, sup);
      expect(again.code).toBe(409);
      expect((await deliver(s, t.identifier, '验证码 989898 请勿泄露')).tokenIds).toEqual([]);
      await expectBooksBalance(s, sup);
    });

    it('part of an order, never more than was paid; paid back in full, its live links are revoked', async () => {
      const goods = await product({ price: 2.5 });
      const p = await buyOk(s, buyer.token, goods, 2);
      const first = await s.post('/api/order/refund', { id: p.order_id, amount: 1.2, remark: '补偿' }, sup);
      expect(first.data).toMatchObject({ refunded: 1.2, left: 3.8, state: 'partial' });
      const over = await s.post('/api/order/refund', { id: p.order_id, amount: 3.81, remark: '多退' }, sup);
      expect(over.code).toBe(409);
      expect(over.message).toContain('3.80');
      // A link refunded now gets its unit price (2.50), as that much is left.
      expect((await s.post('/api/token/refund', { id: p.tokens[0].id, remark: '退一个' }, sup)).data.amount).toBe(2.5);
      const last = await s.post('/api/order/refund', { id: p.order_id, amount: 1.3, remark: '退完' }, sup);
      expect(last.data).toMatchObject({ refunded: 5, left: 0, state: 'refunded' });
      expect((await link(p.tokens[1].id)).state).toBe('revoked');
      expect((await s.post('/api/order/refund', { id: p.order_id, amount: 0.01, remark: 'x' }, sup)).message).toContain('已全额退款');
      expect((await s.post('/api/token/refund', { id: p.tokens[1].id, remark: 'x' }, sup)).code).toBe(409);
      await expectBooksBalance(s, sup);
    });

    it('refunds at the same time never return more than was paid', async () => {
      const goods = await product({ price: 5 });
      const p = await buyOk(s, buyer.token, goods, 1);
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => s.post('/api/order/refund', { id: p.order_id, amount: 1, remark: '并发' }, sup)),
        ...Array.from({ length: 3 }, () => s.post('/api/token/refund', { id: p.tokens[0].id, remark: '并发' }, sup)),
      ]);
      expect(answers.filter((a) => a.code !== 200 && a.code !== 409)).toEqual([]);
      const order = await db().selectFrom('orders').select(['refunded', 'amount']).where('id', '=', p.order_id).executeTakeFirstOrThrow();
      expect(Number(order.refunded)).toBe(500);
      const refunds = await db()
        .selectFrom('ledger')
        .select('amount')
        .where('user_id', '=', buyer.id)
        .where('type', '=', 'refund')
        .where((eb) =>
          eb.or([
            eb.and([eb('ref_type', '=', 'order'), eb('ref_id', '=', p.order_id)]),
            eb.and([eb('ref_type', '=', 'token'), eb('ref_id', '=', p.tokens[0].id)]),
          ]),
        )
        .execute();
      expect(refunds.reduce((n, r) => n + Number(r.amount), 0)).toBe(500);
      await expectBooksBalance(s, sup);
    });
  });

  describe('background work', () => {
    it('the expiry sweep marks links past their time expired, and their numbers; live ones stay', async () => {
      const goods = await product({ valid_hours: 2 });
      const [a, b] = (await buyOk(s, buyer.token, goods, 2)).tokens;
      await s.post('/api/token/augment', { id: b.id, days: 1 }, buyer.token);
      s.clock.freeze(Date.now() + 3 * HOUR);
      try {
        expect(await s.app.jobs.runNow('token-expiry')).toBe(true);
        expect((await link(a.id)).state).toBe('expired');
        expect((await link(b.id)).state).toBe('active');
        expect((await db().selectFrom('stock_items').select('state').where('token_id', '=', a.id).executeTakeFirstOrThrow()).state).toBe(
          'expired',
        );
        expect((await s.post('/api/token/data', { state: 'expired', goods_id: goods }, buyer.token)).data.total).toBe(1);
      } finally {
        s.clock.reset();
      }
    });

    it("links with no code within the product's wait are refunded once, by the sweep; links with a code are not", async () => {
      const goods = await product({ code_wait_minutes: 10, price: 1.5 });
      const [silent, lucky] = (await buyOk(s, buyer.token, goods, 2)).tokens;
      await deliver(s, lucky.identifier, '验证码 121212 请勿泄露');
      s.clock.freeze(Date.now() + 5 * MINUTE);
      try {
        await s.app.jobs.runNow('token-auto-refund');
        expect((await link(silent.id)).state).toBe('active');
        s.clock.advance(6 * MINUTE);
        const money = await balance();
        expect(await s.app.jobs.runNow('token-auto-refund')).toBe(true);
        expect((await link(silent.id)).state).toBe('refunded');
        expect((await link(lucky.id)).state).toBe('used_up');
        expect(await balance()).toBeCloseTo(money + 1.5, 2);
        const row = (await s.post('/api/finance/data', { type: 'refund' }, buyer.token)).data.list[0];
        expect(row).toMatchObject({ amount: 1.5, remark: `号码 ${silent.identifier}：超时未收到验证码，自动退款` });
        await s.app.jobs.runNow('token-auto-refund');
        expect(await balance()).toBeCloseTo(money + 1.5, 2);
        expect((await s.call('GET', `/api/code/${silent.token}`)).data.state).toBe('refunded');
      } finally {
        s.clock.reset();
      }
      await expectBooksBalance(s, sup);
    });

    it('a round that stops midway leaves each link done or untouched, and the next round finishes', async () => {
      const goods = await product({ code_wait_minutes: 1, price: 1 });
      const tokens = (await buyOk(s, buyer.token, goods, 3)).tokens;
      let ledgerWrites = 0;
      // The second refund's ledger row fails, as if the process died there.
      const crash: KyselyPlugin = {
        transformQuery: ({ node }) => {
          if (node.kind === 'InsertQueryNode' && node.into?.table?.identifier?.name === 'ledger' && ++ledgerWrites === 2) {
            throw new Error('crash');
          }
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      s.clock.freeze(Date.now() + 2 * MINUTE);
      try {
        const ctx = { ...ctxOf(s), db: s.database.db.withPlugin(crash) };
        await expect(autoRefundJob.run(ctx)).rejects.toThrow('crash');
        const states = async () => (await Promise.all(tokens.map((t) => link(t.id)))).map((t) => t.state);
        expect(await states()).toEqual(['refunded', 'active', 'active']);
        const order = await db()
          .selectFrom('orders')
          .select('refunded')
          .where('id', '=', Number((await link(tokens[0].id)).order_id))
          .executeTakeFirstOrThrow();
        expect(Number(order.refunded)).toBe(100);
        await expectBooksBalance(s, sup);
        expect(await s.app.jobs.runNow('token-auto-refund')).toBe(true);
        expect(await states()).toEqual(['refunded', 'refunded', 'refunded']);
      } finally {
        s.clock.reset();
      }
      await expectBooksBalance(s, sup);
    });

    it('two processes sweeping at once refund each link once (the lease, and without it the conditional updates)', async () => {
      const goods = await product({ code_wait_minutes: 1, price: 1 }, 60);
      const tokens = (await buyOk(s, buyer.token, goods, 60)).tokens;
      const now = Date.now() + 2 * MINUTE;
      s.clock.freeze(now);
      let other: Database | undefined;
      try {
        // No lease: this process and another one run the whole round against the same links.
        const sweeper = await otherProcess(s, now);
        await Promise.all([autoRefundJob.run(ctxOf(s)), sweeper.go()]);
        const refunds = await db()
          .selectFrom('ledger')
          .select('ref_id')
          .where('type', '=', 'refund')
          .where('ref_type', '=', 'token')
          .where(
            'ref_id',
            'in',
            tokens.map((t) => t.id),
          )
          .execute();
        expect(refunds).toHaveLength(60);
        expect(new Set(refunds.map((r) => Number(r.ref_id))).size).toBe(60);
        // With the lease only one of two runners takes a round (past the app's own runner's lease).
        s.clock.advance(10 * MINUTE);
        other =
          kind === 'postgres'
            ? await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema: await schemaOf(s) })
            : await connect({ dataDir: path.dirname(s.database.sqlite!.name) });
        const runners = [
          startJobs(ctxOf(s), allJobs(), { timers: false }),
          startJobs({ ...ctxOf(s), database: other, db: other.db }, allJobs(), { timers: false }),
        ];
        const ran = await Promise.all(runners.map((r) => r.runNow('token-auto-refund')));
        expect(ran.filter(Boolean)).toHaveLength(1);
        await Promise.all(runners.map((r) => r.stop()));
      } finally {
        s.clock.reset();
        await other?.close();
      }
      await expectBooksBalance(s, sup);
    });
  });
});

/** tests/api/fixtures/sweeper.ts in a process of its own, ready to run a round when told. */
async function otherProcess(s: TestServer, now: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'fixtures', 'sweeper.ts')], {
    env: {
      ...process.env,
      SWEEP_NOW: String(now),
      ...(s.kind === 'postgres'
        ? { SWEEP_DATABASE_URL: process.env.TEST_DATABASE_URL, SWEEP_SCHEMA: await schemaOf(s) }
        : { SWEEP_DATA_DIR: path.dirname(s.database.sqlite!.name) }),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (out.includes(word)) resolve();
      };
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        check();
      });
      child.on('exit', (code) => (out.includes(word) ? resolve() : reject(new Error(`sweeper exited with ${code}`))));
      check();
    });
  await said('READY');
  return {
    go: async () => {
      child.stdin!.write('GO\n');
      await said('DONE');
    },
  };
}

async function schemaOf(s: TestServer): Promise<string> {
  const { sql } = await import('kysely');
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(s.database.db);
  return r.rows[0].s;
}
