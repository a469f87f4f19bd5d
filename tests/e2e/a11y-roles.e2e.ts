/**
 * Every staff role's screens pass what a11y.e2e.ts asks of the sup's and a customer's: axe-core finds
 * no WCAG 2 A/AA violation rated serious or critical and no contrast failure, and each screen has one
 * h1 that says its name. A role only narrows the sup's menu, so its screens are the sup's drawn with
 * fewer actions and another home (the 待处理 card, figures or none): its home is checked at 1280 and
 * 375 px, every screen of its menu at 375 px (where cards, tags and buttons are drawn most tightly).
 * The owner holds every grant: its menu is the sup's, which a11y.e2e.ts walks at both widths.
 * The home's figure cards are links to the lists behind them, named by their figure; the contact
 * details' links are underlined.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { grantsOf, pages, resources, roleOf, sections, staffRoles } from '../../resources.config';
import { buildMenu } from '../../src/framework/menu';
import { axeProblems, headingProblems } from './axe';
import { DIST, shot, useToken, withBrowser } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../helpers/commerce';

const SITE = '接码平台';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const ROLES = ['operator', 'finance', 'support'] as const;
type StaffRole = (typeof ROLES)[number] | 'owner';

let s: TestServer;
let sup: string;
const staff = {} as Record<StaffRole, string>;

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  sup = await s.login(SUP.username, SUP.password);
  const goods = await addGoods(s, sup, { title: 'Telegram 接码' });
  await importLines(s, sup, goods, phones(5));
  const customer = await s.addCustomer(sup, 'a11y_roles_buyer');
  await credit(s, sup, customer.id, 20);
  const bought = await buyOk(s, customer.token, goods, 2);
  await deliver(s, bought.tokens[0].identifier, '【Telegram】您的验证码是 246810，5 分钟内有效');
  // The contact details as a shop writes them: a line of text and links (shown on every home).
  const contact = await s.post(
    '/api/config/edit',
    {
      content:
        '<p>客服 Telegram：<a href="https://t.me/a11y_shop">@a11y_shop</a>，邮箱 <a href="mailto:help@example.com">help@example.com</a></p>',
    },
    sup,
  );
  expect(contact.code).toBe(200);
  for (const role of [...ROLES, 'owner'] as const) {
    const password = 'Staff-pass-123';
    const added = await s.post('/api/user/add', { username: `a11y_${role}`, password, type: 'sup', role }, sup);
    expect(added.code).toBe(200);
    staff[role] = await s.login(`a11y_${role}`, password);
  }
});
afterAll(async () => {
  await s?.close();
});

/** The screens a staff role's menu opens, and its home, each with its name. */
function screensOf(role: StaffRole): { path: string; name: string }[] {
  const menu = buildMenu(sections, [resources, pages], roleOf('sup'), grantsOf(staffRoles, role));
  return [
    { path: '/home', name: '首页' },
    ...menu.flatMap((section) => section.items.map((item) => ({ path: item.route, name: item.label }))),
  ];
}

/** The session of a staff member, their role stored as a login stores it (the menu is drawn from it before any call). */
async function signIn(page: Page, role: StaffRole) {
  await useToken(page, s.url, staff[role], 'sup');
  await page.evaluate((r) => localStorage.setItem('staff_role', r), role);
}

/** The screen has its data and nothing is still fading in or loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.page-loading, .ant-spin-spinning, .ant-skeleton-active, .route-progress').count()).toBe(0);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

/** What each screen gets wrong: its title, axe's findings, its h1, errors in the console. */
async function walk(viewport: { width: number; height: number }, role: StaffRole, screens: { path: string; name: string }[]) {
  const problems: string[] = [];
  await withBrowser(viewport, async (page, { errors }) => {
    await signIn(page, role);
    for (const { path, name } of screens) {
      errors.length = 0;
      const title = `${name} - ${SITE}`;
      await page.goto(`${s.url}${path}`);
      await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 }).catch(() => undefined);
      await settled(page);
      const found: string[] = [];
      const actual = await page.title();
      if (actual !== title) found.push(`title "${actual}", not "${title}"`);
      found.push(...(await axeProblems(page)), ...(await headingProblems(page, name)), ...errors);
      problems.push(...found.map((p) => `${role} ${viewport.width}px ${path}: ${p}`));
    }
  });
  expect(problems.join('\n')).toBe('');
}

describe('every staff role', () => {
  it("the owner's menu is the sup's (walked by a11y.e2e.ts)", () => {
    const all = buildMenu(sections, [resources, pages], roleOf('sup'));
    expect(buildMenu(sections, [resources, pages], roleOf('sup'), grantsOf(staffRoles, 'owner'))).toEqual(all);
  });

  for (const role of [...ROLES, 'owner'] as const) {
    it(`${role} (${staffRoles[role].label}): the home at 1280 px`, async () => {
      await walk(WIDE, role, [{ path: '/home', name: '首页' }]);
    }, 120_000);
  }

  for (const role of ROLES) {
    it(`${role} (${staffRoles[role].label}): the home and every screen of the menu at 375 px`, async () => {
      await walk(PHONE, role, screensOf(role));
    }, 480_000);
  }
});

describe('the contact details on the home', () => {
  it('1280 px: a link in their text is underlined, its colour being too close to the text around it', async () => {
    await withBrowser(WIDE, async (page) => {
      await signIn(page, 'support');
      await page.goto(`${s.url}/home`);
      const link = page.getByRole('link', { name: '@a11y_shop' });
      await link.waitFor();
      expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
    });
  });
});

describe("the home's figure cards", () => {
  for (const viewport of [WIDE, PHONE]) {
    it(`${viewport.width} px: each is a link named by its figure, to the list behind it`, async () => {
      await withBrowser(viewport, async (page) => {
        await signIn(page, 'finance');
        await page.goto(`${s.url}/home`);
        await settled(page);
        await shot(page, `a11y-${viewport.width}-finance-home`);
        const card = page.getByRole('link', { name: /^今日订单/ });
        await expect.poll(() => card.getAttribute('href')).toBe('/items/order/record');
        await card.click();
        await page.waitForURL(`${s.url}/items/order/record`);
        await page.goBack();
        await settled(page);
        const users = page.getByRole('link', { name: /^总用户数/ });
        await users.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(`${s.url}/user/index`);
      });
    });
  }
});
