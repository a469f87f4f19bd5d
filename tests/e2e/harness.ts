import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { freePort } from '../helpers/ports';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built console under test: `dist`, or E2E_DIST (so two checkouts' runs do not share one build). */
export const DIST = path.resolve(ROOT, process.env.E2E_DIST ?? 'dist');
export const SHOTS = path.resolve(ROOT, process.env.E2E_SHOTS ?? path.join('test-results', 'screenshots'));
export const ADMIN = { username: 'admin', password: 'admin-pass-123' };

export interface Server {
  url: string;
  stop(): Promise<void>;
  api: ApiClient;
}

/** The real server, as `npm start` runs it, on a fresh SQLite file, serving the built console. */
export async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      STATIC_DIR: DIST,
      LOG_LEVEL: 'warn',
      AUTH_RATE_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  // Loading the server's code through tsx takes over 30 s on two cores busy with other work.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/api/config/index`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    api: new ApiClient(url),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server for a file's tests (started before them, stopped after), with its sup's token. */
export function useServer(): Server & { supToken: string } {
  const server = {} as Server & { supToken: string };
  beforeAll(async () => {
    Object.assign(server, await startServer());
    server.supToken = await server.api.login(ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await server.stop?.();
  });
  return server;
}

/** Calls the API as a script would, to arrange data and to read the figures the screens must show. */
export class ApiClient {
  constructor(private base: string) {}
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers of every API
  async call<T = any>(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<{ code: number; message: string; data: T }> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return res.json() as Promise<{ code: number; message: string; data: T }>;
  }
  async login(username: string, password: string): Promise<string> {
    const res = await this.call('POST', '/api/user/login', undefined, { username, password });
    if (res.code !== 200) throw new Error(`login ${username}: ${res.message}`);
    return res.data.token;
  }
  async register(username: string, password: string): Promise<string> {
    const res = await this.call('POST', '/api/user/register', undefined, { username, password });
    if (res.code !== 200) throw new Error(`register ${username}: ${res.message}`);
    return res.data.token;
  }
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors and console errors, in order. */
  errors: string[];
  /** The page's requests as they ended: method, path, status. */
  calls: string[];
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with the network chatter it cannot do here turned off. It asks for
 * reduced motion, as the console honours: a click is never aimed at a dialog still zooming in.
 * Should the test fail, what the page last showed is printed (see `describePage`).
 */
export async function openBrowser(viewport = { width: 1366, height: 860 }, extraArgs: string[] = []): Promise<TestBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A test's own (`--host-resolver-rules`: a reseller's host name answered by the local server).
      ...extraArgs,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const calls: string[] = [];
  const call = (r: Request, outcome: string) => calls.push(`${r.method()} ${new URL(r.url()).pathname} ${outcome}`);
  page.on('requestfinished', (r) => {
    void r.response().then(
      (res) => call(r, String(res?.status() ?? '-')),
      () => undefined,
    );
  });
  page.on('requestfailed', (r) => call(r, `failed: ${r.failure()?.errorText}`));
  let lastSeen: string | null = null;
  const browser: TestBrowser = {
    context,
    page,
    errors,
    calls,
    close: async () => {
      lastSeen = await describePage(browser).catch(() => '');
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
  try {
    onTestFailed(async () => {
      process.stderr.write(lastSeen ?? (await describePage(browser).catch(() => '')));
    });
  } catch {
    /* opened outside a test (a hook): nothing to report to */
  }
  return browser;
}

/** A fresh browser at this size for one test's steps, closed afterwards whatever happened. */
export async function withBrowser(
  viewport: { width: number; height: number },
  fn: (page: Page, browser: TestBrowser) => Promise<void>,
): Promise<void> {
  const browser = await openBrowser(viewport);
  try {
    await fn(browser.page, browser);
  } finally {
    await browser.close();
  }
}

/** What the page shows (address, dialogs, popups, messages) and what went wrong in it: a CI log is often all there is. */
async function describePage({ page, errors, calls }: TestBrowser): Promise<string> {
  const shown = await page.evaluate(() => {
    const texts = (selector: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => el.innerText.replace(/\s+/g, ' ').trim().slice(0, 200));
    return {
      dialogs: texts('.ant-modal, .ant-drawer-content'),
      popups: texts('.ant-dropdown:not(.ant-dropdown-hidden), .ant-popover:not(.ant-popover-hidden)'),
      messages: texts('.ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error'),
    };
  });
  return (
    [
      `\n[the browser, as the test left it] ${page.url()}`,
      `  dialogs: ${JSON.stringify(shown.dialogs)}`,
      `  popups: ${JSON.stringify(shown.popups)}`,
      `  messages: ${JSON.stringify(shown.messages)}`,
      `  errors: ${JSON.stringify(errors.slice(-10))}`,
      `  last calls: ${JSON.stringify(calls.slice(-15))}`,
    ].join('\n') + '\n'
  );
}

/** Before a screenshot: the pointer out of the way and hover effects faded. */
export async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Logs in through the login form, as a person would. */
export async function loginUi(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByPlaceholder(/用户名/).fill(username);
  await page.getByPlaceholder(/密码/).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Puts a session straight into the browser's storage (for tests that are not about logging in). */
export async function useToken(page: Page, base: string, token: string, type: string): Promise<void> {
  await page.goto(`${base}/refresh`);
  await page.evaluate(
    ([t, ty]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('type', ty);
    },
    [token, type],
  );
}

/** The open 更多 menu of a list row (a row's links past the first few). */
export const openRowMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .fw-more-menu');

/**
 * Clicks a row's action by its label: a link on the row, or in the row's 更多 menu. A declared action
 * shows once its code has loaded, on the row or in the menu (the row's layout is fixed before): with
 * the menu open, whichever of the two appears is clicked.
 */
export async function clickRowAction(page: Page, row: Locator, name: string): Promise<void> {
  await row.getByRole('button').first().waitFor();
  const inline = row.getByRole('button', { name, exact: true });
  const more = row.getByRole('button', { name: /更多/ });
  if ((await inline.count()) || !(await more.count())) return inline.click();
  // A menu still fading out (another row's) would hold the same labels.
  await openRowMenu(page).waitFor({ state: 'detached' });
  await more.click();
  await inline.or(openRowMenu(page).getByRole('button', { name, exact: true })).click();
}

/** The labels of a row's actions, those behind 更多 included (the menu is closed again). */
export async function rowActionLabels(page: Page, row: Locator): Promise<string[]> {
  await row.getByRole('button').first().waitFor();
  const labels = (await row.locator('.fw-actions > .fw-link').allInnerTexts()).filter((t) => !t.startsWith('更多'));
  const more = row.getByRole('button', { name: /更多/ });
  if (!(await more.count())) return labels;
  await openRowMenu(page).waitFor({ state: 'detached' });
  await more.click();
  await openRowMenu(page).waitFor();
  labels.push(...(await openRowMenu(page).locator('.fw-link').allInnerTexts()));
  await more.click();
  await openRowMenu(page).waitFor({ state: 'detached' });
  return labels;
}
