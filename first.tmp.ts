// scratch: what the first visit waits for
import { ADMIN, openBrowser, startServer } from './tests/e2e/harness.js';
const server = await startServer();
const sup = await server.api.login(ADMIN.username, ADMIN.password);
for (let i = 0; i < 30; i += 1) await server.api.register(`bench_${i}`, 'bench-pass-1');
const b = await openBrowser({ width: 1280, height: 800 });
const page = b.page;
await page.goto(`${server.url}/refresh`);
await page.evaluate((t) => { localStorage.setItem('token', t); localStorage.setItem('type', 'sup'); }, sup);
await page.goto(`${server.url}/home`);
await page.locator('.ant-menu-submenu-title').first().waitFor();
await page.locator('.ant-menu').getByText('账户管理').click();
await page.waitForTimeout(3500);
const before = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()));
await page.evaluate(`(() => {
  window.__t = {};
  document.addEventListener('click', () => {
    const t0 = performance.now(); window.__t.click = t0;
    const tick = () => { const r = document.querySelector('tbody tr.ant-table-row'); if (r && r.textContent.includes('bench_')) window.__t.rows = performance.now(); else { if (document.querySelector('thead') && !window.__t.head) window.__t.head = performance.now(); requestAnimationFrame(tick); } };
    requestAnimationFrame(tick);
  }, true);
})()`);
await page.locator('.ant-menu').getByText('用户列表', { exact: true }).click();
await page.waitForFunction(() => (window as any).__t.rows, null, { timeout: 8000 }).catch(async () => { await page.screenshot({ path: '/tmp/look/first.png' }); console.log(page.url(), (await page.locator('.ant-card').first().innerText().catch(() => 'no tbody')).slice(0, 600)); });
const r = await page.evaluate(() => ({ t: (window as any).__t, res: performance.getEntriesByType('resource').filter((e) => e.startTime > (window as any).__t.click - 5).map((e) => [e.name.split('/').pop(), Math.round(e.startTime - (window as any).__t.click), Math.round((e as any).responseEnd - (window as any).__t.click)]) }));
console.log('loaded before click:', before.filter((n) => /ListPage|User/.test(n!)));
console.log('head', Math.round(r.t.head - r.t.click), 'rows', Math.round(r.t.rows - r.t.click));
console.log(r.res);
await b.close(); await server.stop();
