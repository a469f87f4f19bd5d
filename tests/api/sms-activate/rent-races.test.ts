/**
 * Rental calls at once, as a script retrying in parallel sends them: each answers what happened to
 * it (an extension paid, NO_BALANCE, ALREADY_CANCEL), never ERROR_SQL, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalance } from '../../helpers/commerce.js';
import { handler, keyedCustomer, smsGoods } from '../../helpers/handler.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('parallel rental calls on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  type Keyed = Awaited<ReturnType<typeof keyedCustomer>>;

  const call = (who: Keyed, params: Record<string, string | number>) => handler(s, { api_key: who.key, ...params });
  const rent = async (who: Keyed) => {
    const r = await call(who, { action: 'getRentNumber', service: 'tg', rent_time: 4 });
    const parsed = JSON.parse(r.body);
    expect(parsed.status, r.body).toBe('success');
    return parsed.phone.id as number;
  };
  const balance = async (who: Keyed) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', who.id).executeTakeFirstOrThrow()).balance);
  const words = (bodies: string[]) => {
    const out: Record<string, number> = {};
    for (const b of bodies) {
      // A plain word (ERROR_SQL) is the protocol's "failed, try again": counted as itself.
      const parsed = b.startsWith('{') ? JSON.parse(b) : { message: b };
      const word = parsed.status === 'success' ? 'success' : parsed.message;
      out[word] = (out[word] ?? 0) + 1;
    }
    return out;
  };

  beforeAll(async () => {
    s = await startServer(kind, { settings: { sessionTtlMs: 365 * 86_400_000 } as object });
    sup = await s.login(SUP.username, SUP.password);
    await smsGoods(
      s,
      sup,
      {
        title: 'Telegram 租用',
        service: 'tg',
        price: 1.5,
        rentable: true,
        rent_price_hour: 0.25,
        rent_min_hours: 4,
        rent_max_hours: 720,
      },
      Array.from({ length: 8 }, (_, i) => `7995100000${i}`),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('10 extensions at once with balance for all: each is paid once, the rental runs 10 × 4 hours longer', async () => {
    const who = await keyedCustomer(s, sup, 'race_rich', 50);
    const id = await rent(who);
    const before = await balance(who);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(who, { action: 'continueRentNumber', id, rent_time: 4 })));
    expect(words(answers.map((a) => a.body))).toEqual({ success: 10 });
    expect(await balance(who)).toBe(before - 10 * 100);
    await expectBooksBalance(s, sup);
  });

  it('50 extensions at once with balance for 3: three are paid, the rest answer NO_BALANCE', async () => {
    const who = await keyedCustomer(s, sup, 'race_poor', 4);
    const id = await rent(who);
    expect(await balance(who)).toBe(300);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(who, { action: 'continueRentNumber', id, rent_time: 4 })));
    expect(words(answers.map((a) => a.body))).toEqual({ success: 3, NO_BALANCE: 47 });
    expect(await balance(who)).toBe(0);
    await expectBooksBalance(s, sup);
  });

  it('the console: 10 续租 at once are each paid (200), none a 409', async () => {
    const who = await keyedCustomer(s, sup, 'race_console', 50);
    const id = await rent(who);
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.post('/api/rent/extend', { id, hours: 4 }, who.token)));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    await expectBooksBalance(s, sup);
  });

  it('50 cancels at once: one cancels with its refund, the rest answer ALREADY_CANCEL', async () => {
    const who = await keyedCustomer(s, sup, 'race_cancel', 10);
    const before = await balance(who);
    const id = await rent(who);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(who, { action: 'setRentStatus', id, status: 2 })));
    expect(words(answers.map((a) => a.body))).toEqual({ success: 1, ALREADY_CANCEL: 49 });
    expect(await balance(who)).toBe(before);
    await expectBooksBalance(s, sup);
  });
});
