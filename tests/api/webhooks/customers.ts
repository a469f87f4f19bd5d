/** Customers with links and a webhook, for the webhook tests. */
import type { TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';

let nextPhone = 8613700000000;

/** A customer with `n` links on a product of their own numbers. */
export async function customerWithLinks(s: TestServer, sup: string, name: string, n = 1) {
  const customer = await s.addCustomer(sup, name);
  await credit(s, sup, customer.id, 100);
  const goods = await addGoods(s, sup, { title: `商品${nextPhone}`, price: 0.1, receive_limit: 0 });
  await importLines(s, sup, goods, phones(n, nextPhone));
  nextPhone += 1000;
  const { tokens } = await buyOk(s, customer.token, goods, n);
  return { ...customer, goods, tokens };
}

/** Numbers no customer of this file's server holds yet (`n` of them). */
export function freshPhones(n: number): string[] {
  const list = phones(n, nextPhone);
  nextPhone += 1000;
  return list;
}

export async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
