/**
 * Rentals as purchases, under concurrency: several customers renting the last numbers at once (each
 * number to one rental, one debit each, the rest NO_NUMBERS), two extensions of one rental at once
 * (both paid, the end moved by both), a cancel racing an SMS (either the refund, with no SMS taken,
 * or the SMS, with no refund), and an expired rental taking nothing more. The books balance after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, expectBooksBalance } from '../../helpers/commerce.js';
import { handler, keyedCustomer, smsGoods } from '../../helpers/handler.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2026, 1, 10, 2, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(dbKinds)('rentals as purchases on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  type Keyed = Awaited<ReturnType<typeof keyedCustomer>>;
  const renters: Keyed[] = [];
  let next = 79970000000;

  const call = async (who: Keyed, params: Record<string, string | number>) =>
    JSON.parse((await handler(s, { api_key: who.key, ...params })).body);
  const balance = async (who: Keyed) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', who.id).executeTakeFirstOrThrow()).balance);
  /** A rentable product with `n` numbers of its own service. */
  async function rentable(service: string, n: number) {
    const numbers = Array.from({ length: n }, () => String(next++));
    await smsGoods(
      s,
      sup,
      { title: `租用 ${service}`, service, price: 1, rentable: true, rent_price_hour: 0.1, rent_min_hours: 4, rent_max_hours: 100 },
      numbers,
    );
    return numbers;
  }

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { sessionTtlMs: 365 * 86_400_000 } });
    sup = await s.login(SUP.username, SUP.password);
    for (let i = 0; i < 4; i += 1) renters.push(await keyedCustomer(s, sup, `rent_race_${i}`, 20));
  });
  afterAll(() => s?.close());

  it('renting the last two numbers four times at once: two rentals, two debits, two NO_NUMBERS', async () => {
    const numbers = await rentable('r1', 2);
    const before = await Promise.all(renters.map(balance));
    const answers = await Promise.all(renters.map((r) => call(r, { action: 'getRentNumber', service: 'r1', rent_time: 10 })));
    const won = answers.filter((a) => a.status === 'success');
    expect(won).toHaveLength(2);
    expect(answers.filter((a) => a.message === 'NO_NUMBERS')).toHaveLength(2);
    expect(won.map((a) => a.phone.number).sort()).toEqual(numbers.sort());
    const after = await Promise.all(renters.map(balance));
    expect(after.reduce((x, y) => x + y, 0)).toBe(before.reduce((x, y) => x + y, 0) - 2 * 100);
    await expectBooksBalance(s, sup);
  });

  it('two extensions of one rental at once: both paid, the end moved by both', async () => {
    await rentable('r2', 1);
    const [who] = renters;
    const r = await call(who, { action: 'getRentNumber', service: 'r2', rent_time: 4 });
    const before = await balance(who);
    const both = await Promise.all([5, 7].map((h) => call(who, { action: 'continueRentNumber', id: r.phone.id, rent_time: h })));
    expect(both.map((a) => a.status)).toEqual(['success', 'success']);
    const link = await s.database.db.selectFrom('tokens').select('expires_at').where('id', '=', r.phone.id).executeTakeFirstOrThrow();
    expect(Number(link.expires_at)).toBe(T0 + (4 + 5 + 7) * HOUR);
    expect(await balance(who)).toBe(before - 120);
    await expectBooksBalance(s, sup);
  });

  it('a cancel racing an SMS: the refund with no SMS taken, or the SMS with no refund', async () => {
    const numbers = await rentable('r3', 6);
    const who = renters[1];
    for (const number of numbers) {
      const r = await call(who, { action: 'getRentNumber', service: 'r3', rent_time: 4 });
      expect(r.phone.number).toBe(number);
      const paid = await balance(who);
      const [cancel, delivery] = await Promise.all([
        call(who, { action: 'setRentStatus', id: r.phone.id, status: 2 }),
        deliver(s, number, '欢迎注册，无验证码'),
      ]);
      const link = await s.database.db
        .selectFrom('tokens')
        .select(['state', 'received'])
        .where('id', '=', r.phone.id)
        .executeTakeFirstOrThrow();
      if (cancel.status === 'success') {
        expect([link.state, Number(link.received), delivery.tokenIds]).toEqual(['refunded', 0, []]);
        expect(await balance(who)).toBe(paid + 40);
      } else {
        expect(cancel.message).toBe('CANT_CANCEL');
        expect([link.state, Number(link.received), delivery.tokenIds]).toEqual(['code_received', 1, [r.phone.id]]);
        expect(await balance(who)).toBe(paid);
      }
    }
    await expectBooksBalance(s, sup);
  });

  it('a rental past its end takes no SMS and cannot be extended', async () => {
    const [number] = await rentable('r4', 1);
    const who = renters[2];
    const r = await call(who, { action: 'getRentNumber', service: 'r4', rent_time: 4 });
    s.clock.advance(4 * HOUR);
    const d = await deliver(s, number, 'Telegram code 11223');
    expect(d.tokenIds).toEqual([]);
    expect(await call(who, { action: 'continueRentNumber', id: r.phone.id, rent_time: 4 })).toEqual({
      status: 'error',
      message: 'RENT_DIE',
    });
    expect(await call(who, { action: 'getRentStatus', id: r.phone.id })).toEqual({ status: 'error', message: 'STATUS_FINISH' });
    await s.app.jobs.runNow('token-expiry');
    const item = await s.database.db.selectFrom('stock_items').select('state').where('identifier', '=', number).executeTakeFirstOrThrow();
    expect(item.state).toBe('expired');
    await expectBooksBalance(s, sup);
  });
});
