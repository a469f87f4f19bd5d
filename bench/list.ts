/**
 * Generated lists opened from the menu, in Debian's headless Chromium on the built console: the time
 * from the click on a menu item to the first rows of that list on screen (not the previous list's
 * rows under the new headers), measured inside the page (performance.now() at the click, then a
 * requestAnimationFrame loop), and the CPU time the page's main thread spent on it (from Chromium's
 * trace: what the page costs, whatever else the machine is doing). The first visit follows a fresh
 * page load of /home (read for a few seconds, as a person would); later visits are in the same page.
 * Prints figures; asserts nothing. Target: <= 300 ms.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, openBrowser, ROOT, startServer } from '../tests/e2e/harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const USERS = 40;

/** A list, how to reach it, and what only its own rows show (a marker in a row, a header). */
const LISTS = [
  { section: '账户管理', menu: '用户列表', path: '/user/index', header: '登录次数', row: 'bench_' },
  { section: '财务管理', menu: '财务明细', path: '/account/detail', header: '变动前余额', row: '基准调整' },
  { section: '财务管理', menu: '充值记录', path: '/account/record', header: '方式', row: '人工' },
];

// Runs in the page before its scripts. A string: tsx decorates functions with helpers the page lacks.
const probe = `(() => {
  window.__marks = [];
  document.addEventListener('click', (event) => {
    const want = window.__want;
    if (!want || !event.target.closest('.ant-menu')) return;
    const start = performance.now();
    const ok = () => {
      if (location.pathname !== want.path) return false;
      const heads = [...document.querySelectorAll('thead th, .fw-card-label')].map((e) => e.textContent);
      if (!heads.some((h) => h && h.includes(want.header))) return false;
      const first = document.querySelector('tbody tr.ant-table-row, .fw-card');
      return !!first && first.textContent.includes(want.row) && !first.textContent.includes('recharge_');
    };
    const tick = () => {
      if (ok()) window.__marks.push({ path: want.path, ms: performance.now() - start });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, true);
})();`;

/** The page as the probe leaves it: the lists opened so far, and the one being opened now. */
type Marked = Window & { __marks?: { path: string; ms: number }[]; __want?: unknown };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Clicks the list's menu item; answers the in-page time to its rows and the main thread's CPU ms. */
async function open(page: Page, list: (typeof LISTS)[number]): Promise<{ ms: number; cpu: number }> {
  const section = page.locator('.ant-menu-submenu', { hasText: list.section }).first();
  if (!(await section.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) {
    await section.locator('.ant-menu-submenu-title').click();
  }
  const cdp = await page.context().newCDPSession(page);
  // The trace's events, as much of them as is read here.
  const events: { ph: string; name: string; pid: number; tid: number; tdur?: number; args?: { name?: string } }[] = [];
  cdp.on('Tracing.dataCollected', (d) => {
    events.push(...(d.value as unknown as typeof events));
  });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const count = await page.evaluate(() => (window as Marked).__marks!.length);
  await page.evaluate((want) => {
    (window as Marked).__want = want;
  }, list);
  await page.locator('.ant-menu').getByText(list.menu, { exact: true }).click();
  await page.waitForFunction((n) => (window as Marked).__marks!.length > n, count, { timeout: 30_000 });
  const ms = await page.evaluate(() => (window as Marked).__marks!.at(-1)!.ms);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const cpu =
    events
      .filter((e) => e.ph === 'X' && e.name === 'RunTask' && main && e.pid === main.pid && e.tid === main.tid)
      .reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  return { ms, cpu };
}

export async function benchList(viewport = { width: 1280, height: 800 }): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const first: Record<string, { ms: number; cpu: number }> = {};
  const later: Record<string, { ms: number; cpu: number }[]> = Object.fromEntries(LISTS.map((l) => [l.path, []]));
  try {
    const sup = await server.api.login(ADMIN.username, ADMIN.password);
    for (let i = 0; i < USERS; i += 1) {
      await server.api.register(`bench_${i}`, 'bench-pass-1');
      const found = await server.api.call('POST', '/api/user/data?page=1&pageSize=1', sup, { username: `bench_${i}` });
      await server.api.call('POST', '/api/user/money', sup, {
        id: found.data.list[0].id,
        amount: 100 + i,
        remark: `基准调整 ${'很长的备注'.repeat(i % 5)}`,
      });
    }
    for (const list of LISTS) {
      const browser = await openBrowser(viewport);
      try {
        const { page } = browser;
        await page.addInitScript({ content: probe });
        await page.goto(`${server.url}/refresh`);
        await page.evaluate((t) => {
          localStorage.setItem('token', t);
          localStorage.setItem('type', 'sup');
        }, sup);
        await page.goto(`${server.url}/home`);
        await page.locator('.ant-menu-submenu-title').first().waitFor();
        await page.waitForTimeout(3500);
        first[list.path] = await open(page, list);
        for (let round = 0; round < ROUNDS; round += 1) {
          await page.getByTestId('brand').click();
          await page.waitForTimeout(800);
          later[list.path].push(await open(page, list));
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }
  const lines = [`\n从菜单打开列表 (list opened from the menu), ${viewport.width}x${viewport.height}, ${USERS} users, 20 rows a page`];
  for (const list of LISTS) {
    const runs = later[list.path];
    lines.push(
      `  ${list.path.padEnd(16)} first visit ${first[list.path].ms.toFixed(0)} ms (main-thread CPU ${first[list.path].cpu.toFixed(0)} ms);` +
        ` later median ${median(runs.map((r) => r.ms)).toFixed(0)} ms (CPU ${median(runs.map((r) => r.cpu)).toFixed(0)} ms)` +
        `  [${runs.map((r) => r.ms.toFixed(0)).join(', ')}]  target <= 300 ms`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const width = Number(process.env.BENCH_WIDTH ?? 1280);
  await benchList({ width, height: width < 768 ? 812 : 800 });
}
