/**
 * Generated lists opened from the menu, in Debian's headless Chromium on the built console: the time
 * from the click on a menu item to the first rows of that list on screen (not the previous list's
 * rows under the new headers), measured inside the page (performance.now() at the click, then a
 * requestAnimationFrame loop). The first visit of each list loads its code; later visits do not.
 * Prints figures; asserts nothing. Target: <= 300 ms.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, openBrowser, ROOT, startServer } from '../tests/e2e/harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const USERS = 40;

/** A list, how to reach it, and what only its own rows show (a marker in a row, a header). */
const LISTS = [
  { menu: '用户列表', path: '/user/index', header: '登录次数', row: 'bench_' },
  { menu: '财务明细', path: '/account/detail', header: '变动前余额', row: '基准调整' },
  { menu: '充值记录', path: '/account/record', header: '方式', row: '人工' },
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function benchList(viewport = { width: 1280, height: 800 }): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const first: Record<string, number> = {};
  const later: Record<string, number[]> = Object.fromEntries(LISTS.map((l) => [l.path, []]));
  try {
    const sup = await server.api.login(ADMIN.username, ADMIN.password);
    for (let i = 0; i < USERS; i += 1) {
      await server.api.register(`bench_${i}`, 'bench-pass-1');
      const found = await server.api.call('POST', '/api/user/data?page=1&pageSize=1', sup, { username: `bench_${i}` });
      const id = found.data.list[0].id;
      await server.api.call('POST', '/api/user/money', sup, { id, amount: 100 + i, remark: `基准调整 ${'很长的备注'.repeat(i % 5)}` });
    }
    const browser = await openBrowser(viewport);
    try {
      const { page } = browser;
      await page.addInitScript({ content: probe });
      await page.goto(`${server.url}/refresh`);
      await page.evaluate((t) => { localStorage.setItem('token', t); localStorage.setItem('type', 'sup'); }, sup);
      await page.goto(`${server.url}/home`);
      const narrow = viewport.width < 768;
      const openMenu = async () => {
        if (narrow) await page.getByRole('button', { name: /菜单/ }).first().click();
        await page.locator('.ant-menu-submenu-title').first().waitFor();
        for (const title of await page.locator('.ant-menu-submenu-title').all()) {
          const open = await title.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open'));
          if (!open) await title.click();
        }
      };
      for (let round = 0; round <= ROUNDS; round += 1) {
        for (const list of LISTS) {
          await openMenu();
          const count = await page.evaluate(() => (window as any).__marks.length as number);
          await page.evaluate((want) => { (window as any).__want = want; }, list);
          await page.locator('.ant-menu').getByText(list.menu, { exact: true }).click();
          await page.waitForFunction((n) => (window as any).__marks.length > n, count, { timeout: 30_000 });
          const ms = await page.evaluate(() => (window as any).__marks.at(-1).ms as number);
          if (round === 0) first[list.path] = ms; else later[list.path].push(ms);
          // Let the list settle (its access checks, pagination) before the next click.
          await page.waitForTimeout(300);
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
  const lines = [`\n从菜单打开列表 (list opened from the menu), ${viewport.width}x${viewport.height}, ${USERS} users, ${ROUNDS} rounds`];
  for (const list of LISTS) {
    const times = later[list.path];
    lines.push(`  ${list.path.padEnd(16)} first ${first[list.path].toFixed(0)} ms, then median ${median(times).toFixed(0)} ms` +
      `  [${times.map((t) => t.toFixed(0)).join(', ')}]  target <= 300 ms`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const width = Number(process.env.BENCH_WIDTH ?? 1280);
  await benchList({ width, height: width < 768 ? 812 : 800 });
}
