import { ADMIN, openBrowser, startServer } from './tests/e2e/harness.js';
const server = await startServer();
const sup = await server.api.login(ADMIN.username, ADMIN.password);
for (let i = 0; i < 30; i += 1) await server.api.register(`bench_${i}`, 'bench-pass-1');
const b = await openBrowser({ width: 1280, height: 800 });
const page = b.page;
await page.goto(`${server.url}/refresh`);
await page.evaluate((t) => { localStorage.setItem('token', t); localStorage.setItem('type', 'sup'); }, sup);
await page.goto(`${server.url}/user/index`);
await page.locator('tbody tr.ant-table-row').first().waitFor();
await page.waitForTimeout(1000);
console.log(await page.evaluate(`(() => {
  const n = (sel) => document.querySelectorAll(sel).length;
  return { all: n('*'), card: n('.ant-card *'), search: n('[role=search] *'), table: n('.ant-table *'), tbody: n('tbody *'), pagination: n('.ant-pagination *'), sider: n('.ant-layout-sider *'), styles: n('style'), rules: [...document.styleSheets].reduce((a, s) => { try { return a + s.cssRules.length } catch { return a } }, 0) };
})()`));
await b.close(); await server.stop();
