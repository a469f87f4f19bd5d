// scratch: CPU profile of opening the user list from the menu (not committed)
import { ADMIN, openBrowser, startServer } from './tests/e2e/harness.js';
const server = await startServer();
const sup = await server.api.login(ADMIN.username, ADMIN.password);
for (let i = 0; i < 30; i += 1) {
  await server.api.register(`bench_${i}`, 'bench-pass-1');
}
const b = await openBrowser({ width: 1280, height: 800 });
const page = b.page;
await page.goto(`${server.url}/refresh`);
await page.evaluate((t) => { localStorage.setItem('token', t); localStorage.setItem('type', 'sup'); }, sup);
await page.goto(`${server.url}/user/index`);
await page.locator('tbody tr.ant-table-row').first().waitFor();
if (process.env.WARM) { await page.locator('.ant-menu').getByText('修改信息').click(); await page.waitForTimeout(800); }
else { await page.goto(`${server.url}/home`);
await page.locator('.ant-menu-submenu-title').first().waitFor();
await page.locator('.ant-menu').getByText('账户管理').click(); await page.waitForTimeout(2500); }
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.locator('.ant-menu').getByText('用户列表', { exact: true }).click();
await page.waitForFunction(() => document.querySelector('tbody tr.ant-table-row')?.textContent?.includes('bench_'));
console.log('wall', Date.now() - t0);
await page.waitForTimeout(300);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas; const samples = profile.samples;
for (let i = 0; i < samples.length; i++) {
  const n: any = byId.get(samples[i]);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log('total ms', total.toFixed(0));
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(8), k);
// inclusive by top-level url chunk
const incl = new Map<string, number>();
for (let i = 0; i < samples.length; i++) {
  const n: any = byId.get(samples[i]);
  const key = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
  incl.set(key, (incl.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
}
for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log('FILE', v.toFixed(1).padStart(8), k);
await b.close(); await server.stop();
