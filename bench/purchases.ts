/**
 * Purchases: 50 buyers (each their own login and connection) buying one link at a time for 10 s on
 * SQLite, through the real API (session, validation, price, one transaction per purchase). Prints
 * orders per second and the sup's difference afterwards; asserts nothing.
 *
 *   PURCHASE_BUYERS (default 50)   PURCHASE_SECONDS (10)
 */
import path from 'node:path';
import { child, load } from './server.js';

const BUYERS = Number(process.env.PURCHASE_BUYERS ?? 50);
const SECONDS = Number(process.env.PURCHASE_SECONDS ?? 10);

export async function benchPurchases(): Promise<void> {
  const app = await child('sqlite', path.join(import.meta.dirname, 'scale-server.ts'), {
    SCALE_BUYERS: String(BUYERS),
    SCALE_STOCK: String(Math.max(100_000, 4_000 * SECONDS)),
  });
  try {
    const { buyers, goodsId, supToken } = app.info;
    const body = JSON.stringify({ goods_id: goodsId, quantity: 1 });
    const request = (n: number) =>
      `POST /api/order/buy HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${buyers[n].token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const bought = (status: number, text: string) => status === 200 && text.startsWith('{"code":200');
    await load(app, request, 1, bought, BUYERS);
    const r = await load(app, request, SECONDS, bought, BUYERS);
    const stats = await fetch(`http://127.0.0.1:${app.port}/api/statistics/index`, {
      headers: { authorization: `Bearer ${supToken}` },
    }).then((x) => x.json());
    const orders = r.requests - r.errors;
    process.stdout.write(
      [
        `\n购买 (purchases): ${BUYERS} buyers at once for ${SECONDS} s on SQLite, one link per purchase, through the API`,
        `  ${(orders / r.seconds).toFixed(0)} orders/s (${orders} orders, ${r.errors} refused), p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ` +
          `${(orders / r.cpuSeconds).toFixed(0)} orders per CPU-second of the server`,
        `  difference after: ${stats.data.admin.diff} (orders $${stats.data.admin.order}, links ${stats.data.tokenNum})`,
        '  target: >= 1,000 orders/s, difference 0',
      ].join('\n') + '\n',
    );
  } finally {
    app.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchPurchases();
