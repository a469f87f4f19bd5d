/**
 * /login is pre-rendered at build time (scripts/prerender.mjs): its HTML already holds the styled form,
 * so the form is on screen before any JavaScript runs; the app then hydrates it (keeps those very
 * elements and gives them their handlers) instead of drawing the page again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIST, openBrowser, shot, startServer, useToken, type Server } from './harness';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

// Before the page's scripts: marks every element parsed from the HTML, so we can tell afterwards
// whether the elements on screen are still those (hydrated) or new ones (rendered again).
const markParsed = `document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive') for (const el of document.querySelectorAll('#root *')) el.__parsed = true;
});`;

describe('the pre-rendered login page', () => {
  it('is sent with the form and its styles for /login, with or without a query; other addresses get the plain page', async () => {
    for (const address of ['/login', '/login?redirect=%2Fhome']) {
      const res = await fetch(`${server.url}${address}`);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('data-prerendered="/login"');
      expect(html).toMatch(/<form[^>]*>.*type="password"/s);
      expect(html).toContain('登录您的账号');
      expect(html).toMatch(/<style[^>]*data-css-hash/);
    }
    const html = await (await fetch(`${server.url}/register`)).text();
    expect(html).toContain('<div id="root"><div class="page-loading"');
    expect(html).not.toContain('data-prerendered');
    expect(html).not.toContain('modulepreload');
  });

  it("gives a console screen's address a page naming the shell's and that screen's code, with the loading mark", async () => {
    const page = async (address: string) => {
      const html = await (await fetch(`${server.url}${address}`)).text();
      const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
      const names = (pattern: RegExp) => preloads.some((file) => pattern.test(file));
      return { html, preloads, names };
    };
    const list = await page('/items/api/token');
    expect(list.html).toContain('<div id="root"><div class="page-loading"');
    expect(list.names(/\/ConsoleRoot-/)).toBe(true);
    expect(list.names(/\/ListPage-/)).toBe(true);
    const home = await page('/home');
    expect(home.names(/\/HomePage-/)).toBe(true);
    expect(home.names(/\/ListPage-/)).toBe(false);
    // A record's page: the shell's code only (the address has no page of its own).
    const record = await page('/items/api/token/show/1');
    expect(record.names(/\/ConsoleRoot-/)).toBe(true);
    expect(record.names(/\/ListPage-/)).toBe(false);
    for (const file of new Set([...list.preloads, ...home.preloads])) {
      const res = await fetch(`${server.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/javascript/);
    }
  });

  it("keeps the HTTP client and Refine's data provider out of a console screen's first paint (they load after it)", async () => {
    // axios's error codes and simple-rest's list header: in the build, in none of the scripts a screen's page names.
    const MARKS = ['ERR_BAD_RESPONSE', 'x-total-count'];
    const assets = path.join(DIST, 'assets');
    const built = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'));
    for (const mark of MARKS)
      expect(
        built.some((text) => text.includes(mark)),
        mark,
      ).toBe(true);
    for (const address of ['/home', '/items/api/token', '/items/api/token/show/1']) {
      const html = await (await fetch(`${server.url}${address}`)).text();
      const scripts = [...html.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length, address).toBeGreaterThan(1);
      for (const file of scripts) {
        const text = await (await fetch(`${server.url}${file}`)).text();
        for (const mark of MARKS) expect(text.includes(mark), `${address}: ${file} holds ${mark}`).toBe(false);
      }
    }
  });

  it("gives a console screen antd's styles of its first paint in a stylesheet: antd generates none of those, and the screen looks as without it", async () => {
    const html = await (await fetch(`${server.url}/home`)).text();
    const href = html.match(/<link rel="stylesheet" href="(\/assets\/antd-console-[^"]+\.css)">/)?.[1];
    expect(href).toBeDefined();
    const css = await (await fetch(`${server.url}${href}`)).text();
    // antd's record of the styles the file holds, by their hashes.
    const held = new Set(
      css
        .match(/\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/)![1]
        .split(';')
        .map((entry) => entry.split(':')[1]),
    );
    expect(held.size).toBeGreaterThan(5);
    const sup = await server.api.login(ADMIN.username, ADMIN.password);
    /** /home on a phone: the styles antd generated, and the computed styles of its antd parts. */
    const look = async (withFile: boolean) => {
      const browser = await openBrowser({ width: 375, height: 812 });
      try {
        if (!withFile)
          await browser.page.route(/\/antd-console-[^/]+\.css$/, (route) =>
            route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
          );
        await useToken(browser.page, server.url, sup, 'sup');
        await browser.page.goto(`${server.url}/home`);
        await browser.page.getByTestId('stat-value').first().waitFor();
        // Nothing still loading: a skeleton's or spinner's animated styles change from frame to frame.
        await browser.page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
        expect(browser.errors).toEqual([]);
        return await browser.page.evaluate(() => ({
          generated: [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.getAttribute('data-css-hash')!),
          computed: [...document.querySelectorAll('#root [class*="ant-"]')].slice(0, 40).map((el) => {
            const style = getComputedStyle(el);
            return `${el.className}: ${[...style].map((name) => `${name}=${style.getPropertyValue(name)}`).join(';')}`;
          }),
        }));
      } finally {
        await browser.close();
      }
    };
    const withFile = await look(true);
    expect(withFile.generated.filter((hash) => held.has(hash))).toEqual([]);
    const without = await look(false);
    expect(without.generated.filter((hash) => held.has(hash)).length).toBeGreaterThan(5);
    expect(withFile.computed.length).toBeGreaterThan(5);
    expect(withFile.computed).toEqual(without.computed);
  });

  it('shows the styled form with no JavaScript at all', async () => {
    const browser = await openBrowser();
    try {
      await browser.page.route(/\.m?js(\?|$)/, (route) => route.abort());
      await browser.page.goto(`${server.url}/login`);
      await shot(browser.page, 'login-before-javascript');
      const look = await browser.page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const button = document.querySelector('button[type="submit"]')!;
        return {
          password: box('#login-password').width > 0,
          inputHeight: box('.ant-input-affix-wrapper').height,
          buttonColor: getComputedStyle(button).backgroundColor,
          buttonWidth: button.getBoundingClientRect().width,
          cardWidth: box('.auth-card').width,
        };
      });
      expect(look.password).toBe(true);
      expect(look.inputHeight).toBeGreaterThanOrEqual(38); // antd's large input
      expect(look.buttonColor).toBe('rgb(15, 95, 220)'); // the primary button
      expect(look.buttonWidth).toBeGreaterThan(look.cardWidth / 2); // block
    } finally {
      await browser.close();
    }
  });

  it('submitted with no JavaScript at all, posts: the password never reaches the address, and the page stays as it was typed', async () => {
    const secret = 'Js-blocked-secret-4417';
    const browser = await openBrowser();
    try {
      await browser.page.route(/\.m?js(\?|$)/, (route) => route.abort());
      const visited: string[] = [];
      browser.page.on('request', (r) => {
        if (r.isNavigationRequest()) visited.push(`${r.method()} ${r.url()}`);
      });
      await browser.page.goto(`${server.url}/login`);
      const form = await browser.page.evaluate(() => {
        const f = document.querySelector('form')!;
        return { method: f.getAttribute('method'), action: f.getAttribute('action') };
      });
      expect(form).toEqual({ method: 'post', action: '/login' });
      await browser.page.locator('#login-username').fill(ADMIN.username);
      await browser.page.locator('#login-password').fill(secret);
      const answered = browser.page.waitForResponse((r) => r.request().method() === 'POST');
      await browser.page.locator('#login-password').press('Enter');
      expect((await answered).status()).toBe(204);
      // 204: the browser stays on the page, what was typed still there, nothing in the address.
      await browser.page.getByRole('button', { name: /登\s*录/ }).click();
      await expect.poll(() => visited.length).toBe(3);
      expect(visited.map((v) => v.replace(server.url, ''))).toEqual(['GET /login', 'POST /login', 'POST /login']);
      expect(browser.page.url()).toBe(`${server.url}/login`);
      expect(await browser.page.locator('#login-username').inputValue()).toBe(ADMIN.username);
      expect(await browser.page.locator('#login-password').inputValue()).toBe(secret);
      expect(visited.join(' ')).not.toContain(secret);
      expect(visited.join(' ')).not.toContain('password');
    } finally {
      await browser.close();
    }
  });

  it("typed and submitted before the app's code has arrived: nothing is lost, and the app logs in once it runs", async () => {
    const browser = await openBrowser();
    try {
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The app's entry held back, as on a slow phone; the page's own small scripts come at once.
      await browser.page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        await arrived;
        await route.continue();
      });
      const posts: string[] = [];
      browser.page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
      });
      await browser.page.goto(`${server.url}/login`, { waitUntil: 'commit' });
      await browser.page.locator('#login-username').fill(ADMIN.username);
      await browser.page.locator('#login-password').fill(ADMIN.password);
      // The page's holding script has arrived (it runs at once: a few lines).
      await browser.page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/early-submit.js')));
      await browser.page.getByRole('button', { name: /登\s*录/ }).click();
      // Held for the app: not posted to the page's address, the page as it was.
      expect(posts).toEqual([]);
      expect(await browser.page.locator('#login-password').inputValue()).toBe(ADMIN.password);
      release();
      await browser.page.waitForURL((u) => u.pathname === '/home');
      expect(posts).toEqual(['/api/user/login']);
    } finally {
      await browser.close();
    }
  });

  it('is hydrated, not drawn again: the same elements get their handlers, and logging in works', async () => {
    const browser = await openBrowser();
    const { errors } = browser;
    try {
      await browser.page.addInitScript({ content: markParsed });
      await browser.page.goto(`${server.url}/login`);
      expect(await browser.page.evaluate(() => document.activeElement?.id)).toBe('login-username');
      // The app is running once the empty form's submit is checked on the page.
      await browser.page.getByRole('button', { name: /登\s*录/ }).click();
      await expect.poll(() => browser.page.getByRole('alert').allTextContents()).toEqual(['请输入用户名', '请输入密码']);
      const kept = await browser.page.evaluate(() =>
        ['#login-username', '#login-password', 'button[type="submit"]', '.auth-card'].map(
          (selector) => (document.querySelector(selector) as Element & { __parsed?: unknown }).__parsed === true,
        ),
      );
      expect(kept).toEqual([true, true, true, true]);
      await browser.page.getByPlaceholder(/用户名/).fill(ADMIN.username);
      await browser.page.getByPlaceholder(/密码/).fill(ADMIN.password);
      await browser.page.getByRole('button', { name: /登\s*录/ }).click();
      await browser.page.waitForURL((u) => u.pathname === '/home');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
