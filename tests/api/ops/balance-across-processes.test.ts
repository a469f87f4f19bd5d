/**
 * Two server processes on one database (nginx sends a customer's calls to either): the balance the
 * console's header re-reads after a purchase (`/api/user/base`, `/api/user/info`) is the one in the
 * database, even from the process that did not take the purchase and holds the customer's session in
 * its read cache (here kept for a minute, so the test does not depend on timing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('the balance read through another process (%s)', (kind) => {
  let s: TestServer;
  let other: Caller;
  let customer: { id: number; token: string };
  let goods: number;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { readCacheMs: 60_000 } });
    other = await s.peer();
    const sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'two_process_buyer');
    await credit(s, sup, customer.id, 10);
    goods = await addGoods(s, sup, { price: 1.5 });
    await importLines(s, sup, goods, phones(3));
  });
  afterAll(() => s?.close());

  it('after a purchase on one process, the other answers the new balance at once', async () => {
    // The other process has seen this session (and cached it with the user's row).
    expect((await other.get('/api/user/base', customer.token)).data.balance).toBe(10);
    const bought = await buyOk(s, customer.token, goods);
    expect(bought.balance).toBe(8.5);
    expect((await other.get('/api/user/base', customer.token)).data.balance).toBe(8.5);
    expect((await other.post('/api/user/info', {}, customer.token)).data.balance).toBe(8.5);
  });
});
