/**
 * The shipped nginx site (deploy/nginx/code-console.conf) is one site for every host: a request for
 * a reseller's domain reaches the app with that host, which names the reseller's site; the addresses
 * it gives there (the SMS-Activate address, a purchase's links) are on that host, with PUBLIC_URL's
 * scheme; the main host and an unknown one get the main site and PUBLIC_URL. Runs the real nginx (CI
 * installs it); without one on this machine the test is skipped and says so.
 */
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, SUP, type Envelope, type TestServer } from '../../helpers/server.js';
import { nginxBinary } from '../../helpers/nginx.js';
import { startShippedNginx, type ShippedNginx } from '../../helpers/shipped-nginx.js';
import { addGoods, credit, importLines, phones } from '../../helpers/commerce.js';

const HOST = 'shop.reseller-example.net';

/** A JSON call over HTTPS to nginx asking for `host` (the certificate is the test's own). */
function call(base: string, host: string, path: string, method = 'GET', token?: string, body?: unknown): Promise<Envelope> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        rejectUnauthorized: false,
        servername: host,
        headers: {
          host,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

describe.skipIf(!nginxBinary())('one nginx site for every host (needs nginx: apt-get install -y nginx)', () => {
  let s: TestServer;
  let nginx: ShippedNginx;
  let buyer: { token: string };

  beforeAll(async () => {
    s = await startServer('sqlite', { settings: { trustProxy: 1, publicUrl: 'https://codes.example.com' } });
    nginx = await startShippedNginx(Number(new URL(s.url).port));
    const sup = await s.login(SUP.username, SUP.password);
    const agent = await s.addCustomer(sup, 'nginx_agent');
    expect((await s.post('/api/reseller/add', { user_id: agent.id, site_name: '网关分站', host: HOST, markup: 10 }, sup)).code).toBe(200);
    await importLines(s, sup, await addGoods(s, sup, { service: 'ng', price: 1 }), phones(3, 8613730000000));
    const registered = await call(nginx.httpsUrl, HOST, '/api/user/register', 'POST', undefined, {
      username: 'nginx_buyer',
      password: 'Customer-pass-1',
    });
    expect(registered.code, registered.message).toBe(200);
    buyer = { token: registered.data.token };
    await credit(s, sup, Number(registered.data.user.id), 5);
  });
  afterAll(async () => {
    await nginx?.stop();
    await s?.close();
  });

  it("a reseller's domain reaches its site; the main host and an unknown one the main site", async () => {
    expect((await call(nginx.httpsUrl, HOST, '/api/site')).data).toMatchObject({ name: '网关分站', reseller: true });
    expect((await call(nginx.httpsUrl, 'codes.example.com', '/api/site')).data).toMatchObject({ reseller: false });
    expect((await call(nginx.httpsUrl, 'unknown.example.org', '/api/site')).data).toMatchObject({ reseller: false });
    const user = await s.database.db
      .selectFrom('users')
      .select('reseller_id')
      .where('username', '=', 'nginx_buyer')
      .executeTakeFirstOrThrow();
    expect(user.reseller_id).not.toBeNull();
  });

  it('the addresses given on its host are on its host; on the main host, PUBLIC_URL', async () => {
    expect((await call(nginx.httpsUrl, HOST, '/api/apikey/create', 'POST', buyer.token, {})).code).toBe(200);
    const there = await call(nginx.httpsUrl, HOST, '/api/apikey/info', 'GET', buyer.token);
    expect(there.data.base_url).toBe(`https://${HOST}/stubs/handler_api.php`);
    const main = await call(nginx.httpsUrl, 'codes.example.com', '/api/apikey/info', 'GET', buyer.token);
    expect(main.data.base_url).toBe('https://codes.example.com/stubs/handler_api.php');
    const goods = (await call(nginx.httpsUrl, HOST, '/api/store/data', 'POST', buyer.token, {})).data.list[0];
    expect(goods.price).toBe(1.1);
    const bought = await call(nginx.httpsUrl, HOST, '/api/order/buy', 'POST', buyer.token, { goods_id: goods.id, quantity: 1 });
    expect(bought.code, bought.message).toBe(200);
    expect(bought.data.tokens[0].url.startsWith(`https://${HOST}/c/`)).toBe(true);
  });
});
