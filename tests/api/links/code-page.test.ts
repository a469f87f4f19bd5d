/**
 * `/c/<token>`: the page a customer hands to their own buyer. Served by the server itself (not the
 * console), readable without its script, everything escaped, under the security headers, and a
 * friendly page for a link that does not exist.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';

const NASTY = `<script>alert("x")</script><img src=x onerror=alert(1)>'&"`;

describe.each(dbKinds)('/c/<token> on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let goods: number;
  let nextPhone = 8613700000000;
  // A console build beside the server: /c/<token> must not fall through to its index.html.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-page-static-'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-CONSOLE.js"></script>',
  );

  const page = async (p: string) => {
    const res = await fetch(`${s.url}${p}`);
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  async function link() {
    await importLines(s, sup, goods, phones(1, nextPhone++));
    return (await buyOk(s, buyer.token, goods)).tokens[0];
  }

  beforeAll(async () => {
    s = await startServer(kind, { settings: { staticDir } });
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'page_buyer');
    await credit(s, sup, buyer.id, 100);
    goods = await addGoods(s, sup, { title: '页面测试', price: 0.1, receive_limit: 2 });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves its own small HTML page with the identifier, the waiting state and copy buttons; no console bundle', async () => {
    const t = await link();
    expect(t.url).toMatch(/\/c\/[A-Za-z0-9_-]{32}$/);
    const r = await page(new URL(t.url).pathname);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.html).toContain(`<span class="value" id="identifier">${t.identifier}</span>`);
    expect(r.html).toContain('等待验证码中');
    expect(r.html).toContain('暂无');
    expect(r.html.match(/data-copy=/g)).toHaveLength(2);
    expect(r.html).toContain('剩余接码次数 <span id="left">2</span>');
    // Not the console: no root element, no bundle; one script, a same-origin file (the CSP allows no inline script).
    expect(r.html).not.toContain('id="root"');
    expect(r.html).not.toContain('/assets/');
    const scripts = [...r.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script src="\/c\.js\?v=[A-Za-z0-9_-]+" defer>$/);
    expect(r.html.length).toBeLessThan(8000);

    const js = await fetch(`${s.url}${/src="([^"]+)"/.exec(scripts[0])![1]}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const source = await js.text();
    expect(source).toContain('/api/code/');
    expect(source).toContain('?wait=');
    expect(source).not.toContain('innerHTML');
  });

  it('shows the code once it arrives, with the message text and the time', async () => {
    const t = await link();
    await deliver(s, t.identifier, '【Telegram】验证码 482913 ，请勿泄露', { sender: 'Telegram' });
    const r = await page(`/c/${t.token}`);
    expect(r.html).toContain('<span class="value" id="code">482913</span>');
    expect(r.html).toContain('已收到验证码');
    expect(r.html).toContain('【Telegram】验证码 482913 ，请勿泄露');
    expect(r.html).toMatch(/收到时间 <span id="received-at">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/span>/);
    expect(r.html).toContain('<title>验证码 · ');
  });

  it('names the product and the automatic refund deadline while waiting; after 重提 says so, the old code gone', async () => {
    const waiting = await addGoods(s, sup, { title: '等待退款测试', price: 0.1, receive_limit: 1, reset_limit: 1, code_wait_minutes: 15 });
    await importLines(s, sup, waiting, phones(1, nextPhone++));
    const t = (await buyOk(s, buyer.token, waiting)).tokens[0];
    const before = await page(`/c/${t.token}`);
    expect(before.html).toContain('<span class="product" id="product">等待退款测试</span>');
    expect(before.html).toMatch(
      /<p class="refund" id="refund">未收到验证码将自动退款：<span id="refund-at">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/span>/,
    );

    await deliver(s, t.identifier, '验证码 900812');
    const got = await page(`/c/${t.token}`);
    expect(got.html).toContain('id="code">900812</span>');
    expect(got.html).toContain('<p class="refund" id="refund" hidden>');
    expect(got.html).toContain('<p class="state ok" id="state" role="status">已收到验证码</p>');

    expect((await s.post('/api/token/reset', { id: t.id }, buyer.token)).code).toBe(200);
    const after = await page(`/c/${t.token}`);
    expect(after.html).not.toContain('900812');
    expect(after.html).toContain('<p class="state" id="state" role="status">已重提，等待新验证码</p>');
  });

  it('escapes a nasty identifier, code and message text', async () => {
    const t = await link();
    await deliver(s, t.identifier, `${NASTY} 验证码 777111`);
    await s.database.db.updateTable('tokens').set({ identifier: NASTY, last_code: `<b>1</b>` }).where('id', '=', t.id).execute();
    const r = await page(`/c/${t.token}`);
    expect(r.status).toBe(200);
    expect(r.html).not.toContain('<script>alert');
    expect(r.html).not.toContain('<img');
    expect(r.html).not.toContain('<b>1</b>');
    expect(r.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&amp;&quot;');
    expect(r.html).toContain('id="code">&lt;b&gt;1&lt;/b&gt;</span>');
    expect([...r.html.matchAll(/<script\b/g)]).toHaveLength(1);
  });

  it('an ended link says so', async () => {
    const t = await link();
    await s.database.db.updateTable('tokens').set({ state: 'revoked' }).where('id', '=', t.id).execute();
    const r = await page(`/c/${t.token}`);
    expect(r.html).toContain('data-state="revoked"');
    expect(r.html).toContain('<p class="state end" id="state" role="status">链接已被撤销</p>');
  });

  it("a refunded link offers nothing to copy (its number is no longer the holder's); a finished one still does", async () => {
    const t = await link();
    const refund = await s.post('/api/token/refund', { id: t.id, remark: '测试' }, sup);
    expect(refund.code, refund.message).toBe(200);
    const r = await page(`/c/${t.token}`);
    expect(r.html).toContain('<p class="state end" id="state" role="status">链接已退款</p>');
    expect(r.html.match(/<button type="button" data-copy="\w+"[^>]*>/g)).toEqual([
      '<button type="button" data-copy="identifier" hidden>',
      '<button type="button" data-copy="code" disabled hidden>',
    ]);

    const done = await link();
    await deliver(s, done.identifier, '验证码 774411');
    expect((await s.post('/api/token/finish', { id: done.id }, buyer.token)).code).toBe(200);
    const finished = await page(`/c/${done.token}`);
    expect(finished.html).toContain('链接已结束');
    expect(finished.html.match(/<button type="button" data-copy="\w+"[^>]*>/g)).toEqual([
      '<button type="button" data-copy="identifier">',
      '<button type="button" data-copy="code">',
    ]);
  });

  it('an unknown or malformed token: a friendly 404 page in Chinese, not the console', async () => {
    for (const p of ['/c/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/c/short', `/c/${encodeURIComponent('<script>x</script>')}`]) {
      const r = await page(p);
      expect(r.status, p).toBe(404);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.html).toContain('链接不存在');
      expect(r.html).toContain('不存在或已失效');
      expect(r.html).not.toContain('id="root"');
      expect(r.html).not.toContain('<script');
    }
  });
});
