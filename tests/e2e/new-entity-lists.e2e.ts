/**
 * The guide's two entities (docs/adding-an-entity.md) in the browser: in a copy of the checkout,
 * coupons as `npm run new:entity` writes them and tickets as the guide's owned entity (its table
 * written whole by db:migration, its menu entry moved to 账户管理), the console built there and its
 * server started. At 1280 px each list shows the columns it declares (`list: true`), none left out for
 * width and nothing scrolled sideways: the sup's coupons and tickets, and a customer's own tickets.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type * as Helpers from '../helpers/server';
import { importFrom, removeScratch, runScript, scratchCheckout } from '../helpers/scratch-checkout';
import { TICKETS } from '../api/schema/owned-ticket';
import { ROOT, settle, shot, useToken, withBrowser } from './harness';

/** What the console's build needs besides the server's part of the copy. */
const CONSOLE = ['src', 'public', 'scripts', 'index.html', 'vite.config.ts'];
const WIDE = { width: 1280, height: 800 };

let dir: string;
let s: Helpers.TestServer;
let sup: string;
let customer: { id: number; token: string };

/** The copy with both entities, as the guide adds them. */
function addEntities() {
  const at = (file: string) => path.join(dir, file);
  for (const [api, label] of [
    ['coupon', '优惠券'],
    ['ticket', '工单'],
  ]) {
    const made = runScript(dir, 'new:entity', api, label);
    if (made.status !== 0) throw new Error(made.output);
  }
  // Tickets' first migration was not released: deleted with its two lines, the table written whole.
  const stem = fs
    .readdirSync(at('server/schema/migrations'))
    .find((f) => f.endsWith('_tickets.ts'))!
    .replace('.ts', '');
  fs.rmSync(at(`server/schema/migrations/${stem}.ts`));
  const migrate = at('server/schema/migrate.ts');
  fs.writeFileSync(
    migrate,
    fs
      .readFileSync(migrate, 'utf8')
      .split('\n')
      .filter((l) => !l.includes(stem))
      .join('\n'),
  );
  fs.writeFileSync(at('src/resources/tickets.ts'), TICKETS);
  const migrated = runScript(dir, 'db:migration', 'tickets');
  if (migrated.status !== 0) throw new Error(migrated.output);
  // Its menu entry where customers see it (the sections' lists are on one line or one item a line).
  const config = at('resources.config.ts');
  const before = fs.readFileSync(config, 'utf8');
  const moved = before.replace(/,\s*'tickets',?(\s*)\]/, '$1]').replace(/(account: \{[^}]*?items: \[[^\]]*?),?(\s*)\]/, "$1, 'tickets'$2]");
  if (moved === before) throw new Error('resources.config.ts: the tickets entry was not moved');
  fs.writeFileSync(config, moved);
}

beforeAll(async () => {
  dir = scratchCheckout();
  for (const item of CONSOLE) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
  addEntities();
  // The console as it ships (not Vitest's NODE_ENV=test development build of React).
  execFileSync(process.execPath, ['scripts/build.mjs', 'dist'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const helpers = await importFrom<typeof Helpers>(dir, 'tests/helpers/server.ts');
  s = await helpers.startServer('sqlite', { settings: { staticDir: path.join(dir, 'dist') } });
  sup = await s.login(helpers.SUP.username, helpers.SUP.password);
  for (const name of ['新用户首单立减 2 元', '老客户回馈：满 10 减 1', '春节充值返利券']) {
    const r = await s.post('/api/coupon/add', { name }, sup);
    if (r.code !== 200) throw new Error(`coupon/add: ${r.message}`);
  }
  customer = await s.addCustomer(sup, 'ticket_customer');
  const other = await s.addCustomer(sup, 'ticket_other');
  for (const [who, order_no, subject] of [
    [customer, 'O202509010001', '购买的 Telegram 号码 10 分钟没有收到验证码，能否退款或者换一个号码？'],
    [customer, 'O202509010002', '接码链接打开后显示已过期'],
    [other, 'O202509010003', '另一位客户的工单'],
  ] as const) {
    const r = await s.post('/api/ticket/add', { order_no, subject }, who.token);
    if (r.code !== 200) throw new Error(`ticket/add: ${r.message}`);
  }
  const first = (await s.post('/api/ticket/data', { order_no: 'O202509010001' }, sup)).data.list[0];
  const answered = await s.post(
    '/api/ticket/edit',
    { id: first.id, status: 'closed', reply: '已退款', due_at: '2025-09-02 18:00:00' },
    sup,
  );
  if (answered.code !== 200) throw new Error(`ticket/edit: ${answered.message}`);
}, 900_000);
afterAll(async () => {
  await s?.close();
  removeScratch(dir);
});

const headers = (page: Page) => page.locator('thead th:not(.ant-table-selection-column)').allInnerTexts();
const overflow = (page: Page) => page.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);

describe("the guide's entities at 1280 px", () => {
  it.each([
    ['sup', 'coupons', '/system/coupon', '春节充值返利券', ['ID', '名称', '创建时间', '操作']],
    ['sup', 'tickets', '/system/ticket', '另一位客户的工单', ['ID', '用户', '订单号', '问题', '状态', '承诺解决时间', '操作']],
    ['customer', 'tickets', '/system/ticket', '接码链接打开后显示已过期', ['ID', '用户', '订单号', '问题', '状态', '承诺解决时间', '操作']],
  ] as const)("the %s's %s list shows every declared column, nothing scrolled sideways", async (role, name, route, text, columns) => {
    await withBrowser(WIDE, async (page) => {
      await useToken(page, s.url, role === 'sup' ? sup : customer.token, role === 'sup' ? 'sup' : 'user');
      await page.goto(`${s.url}${route}`);
      await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain(text);
      await settle(page);
      await shot(page, `new-entity-1280-${role}-${name}`);
      expect(await headers(page)).toEqual(columns);
      expect(await page.getByText('显示全部列').count()).toBe(0);
      const widths = await page
        .locator('thead th')
        .evaluateAll((ths) => ths.map((th) => `${th.textContent}:${th.getBoundingClientRect().width}`));
      expect(await overflow(page), widths.join(' ')).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDE.width);
      if (role === 'customer') expect(await page.locator('.ant-table-tbody').innerText()).not.toContain('另一位客户的工单');
    });
  });
});
