/**
 * Cold loads of the open screens, /login and /store (with 12 products on sale), in Debian's headless
 * Chromium, against a baseline in the same run: a blank page holding a form with a password field,
 * served by the same server as a static file (what a browser cannot beat). For each: the time from
 * navigation to its first thing of substance being laid out (the password field; on /store the first
 * product card), measured inside the page (a requestAnimationFrame loop reading performance.now(),
 * whose origin is the navigation start); for /login also the compressed bytes of JavaScript loaded. Loads alternate
 * between the two pages, each in a fresh browser profile, so both see the same machine.
 * Also each page's first paint as Chromium reports it (Paint Timing: when the frame was presented),
 * which adds the paint itself (text, shadows) to the layout the probe sees. BENCH_COMPARE=a.html,b.html
 * loads other versions of the login page in the same run, interleaved (e.g. one from a previous build).
 * Prints figures and the ratios; asserts nothing. Targets: each screen within 2x the blank page;
 * JavaScript <= 300 KB gzip.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, openBrowser, ROOT, startServer } from '../tests/e2e/harness.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const BLANK = 'bench-blank.html';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Runs in the page before any of its scripts: records when the element `selector` finds is first
// laid out. A string, because tsx decorates functions with helpers the page does not have.
const probe = (selector: string) => `(() => {
  const tick = () => {
    const input = document.querySelector(${JSON.stringify(selector)});
    const box = input && input.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) window.__formVisibleAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const blankPage = `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>基准</title></head>
<body><form><input type="text" autocomplete="username" /><input type="password" autocomplete="current-password" /></form></body></html>
`;

interface Load {
  visible: number;
  paint: number;
  loaded: number;
  js: number;
}

const PASSWORD = 'form input[type="password"]';

/** One cold load in a fresh browser: when `selector`'s element was laid out and first painted, and the JS bytes sent. */
async function load(url: string, selector: string): Promise<Load> {
  const browser = await openBrowser();
  try {
    await browser.page.addInitScript({ content: probe(selector) });
    await browser.page.goto(url, { waitUntil: 'load' });
    await browser.page.waitForFunction(() => (window as Window & { __formVisibleAt?: number }).__formVisibleAt !== undefined, null, {
      timeout: 30_000,
    });
    // /login's entry imports its modules one level at a time (no modulepreload): count them once all have arrived.
    await browser.page.waitForLoadState('networkidle');
    return await browser.page.evaluate(() => ({
      visible: (window as Window & { __formVisibleAt?: number }).__formVisibleAt as number,
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      paint: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? NaN,
      js: performance
        .getEntriesByType('resource')
        .filter((e) => /\.m?js(\?|$)/.test(e.name))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
    }));
  } finally {
    await browser.close();
  }
}

export async function benchConsole(): Promise<void> {
  // A build from before /login and /store were pre-rendered would measure the old pages: build again.
  if (!fs.existsSync(path.join(ROOT, 'dist', 'store', 'index.html'))) execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
  // The baseline lives in dist only while the server runs (it lists its static files when it starts).
  const blankFile = path.join(ROOT, 'dist', BLANK);
  fs.writeFileSync(blankFile, blankPage);
  // Other versions of the login page, each served like /login from a folder of its own.
  const compare = (process.env.BENCH_COMPARE ?? '')
    .split(',')
    .filter(Boolean)
    .map((file, i) => {
      const dir = path.join(ROOT, 'dist', `bench-compare-${i}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(path.resolve(file), path.join(dir, 'index.html'));
      return { name: path.basename(file), dir, url: `/bench-compare-${i}`, selector: PASSWORD };
    });
  const pages = [
    { name: 'blank page', url: `/${BLANK}`, selector: PASSWORD },
    { name: '/login', url: '/login', selector: PASSWORD },
    { name: '/store', url: '/store', selector: '[data-testid="product-card"]' },
    ...compare,
  ];
  const loads = new Map(pages.map((p) => [p.name, [] as Load[]]));
  try {
    const server = await startServer();
    try {
      await addProducts(server);
      await load(`${server.url}/${BLANK}`, PASSWORD); // a warm-up: the first Chromium start on a machine is slower
      for (let i = 0; i < LOADS; i += 1) {
        for (const p of pages) loads.get(p.name)!.push(await load(server.url + p.url, p.selector));
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(blankFile, { force: true });
    for (const c of compare) fs.rmSync(c.dir, { recursive: true, force: true });
  }
  const login = { bytes: loads.get('/login')!.map((l) => l.js) };
  const blank = loads.get('blank page')!.map((l) => l.visible);
  const blankPaint = median(loads.get('blank page')!.map((l) => l.paint));
  const kb = (n: number) => (n / 1024).toFixed(1);
  const ms = (list: number[]) => `median ${median(list).toFixed(0)} ms  [${list.map((t) => t.toFixed(0)).join(', ')}]`;
  const rows = pages.map((p) => {
    const list = loads.get(p.name)!;
    const visible = list.map((l) => l.visible);
    const paint = list.map((l) => l.paint);
    return (
      `  ${p.name.padEnd(18)} laid out ${ms(visible)}  (${(median(visible) / median(blank)).toFixed(2)}x)\n` +
      `  ${''.padEnd(18)} first paint ${ms(paint)}  (${(median(paint) / blankPaint).toFixed(2)}x)\n` +
      `  ${''.padEnd(18)} load event (the app has started) ${ms(list.map((l) => l.loaded))}`
    );
  });
  process.stdout.write(
    [
      `\n控制台 /login、/store 冷加载 ${LOADS} 次，对照同一服务器上只有密码框的空白页 (console cold loads of the open screens vs a blank page with a password field)`,
      `  navigation -> password field (/store: first product card) laid out (rAF probe), and -> first paint presented (Paint Timing); ratios to the blank page`,
      ...rows,
      ...['/login', '/store'].map(
        (name) =>
          `  ratio ${name} : blank = ${(median(loads.get(name)!.map((l) => l.visible)) / median(blank)).toFixed(2)}x laid out, ` +
          `${(median(loads.get(name)!.map((l) => l.paint)) / blankPaint).toFixed(2)}x first paint  target <= 2x`,
      ),
      `  (the blank page has no text: /login also shapes and paints Chinese text, which the baseline is not held to)`,
      `  /login JS bytes (compressed, as sent): median ${kb(median(login.bytes))} KB  [${login.bytes.map(kb).join(', ')}]  target <= 300 KB`,
    ].join('\n') + '\n',
  );
}

/** A store as customers find it: a dozen products on sale, with descriptions. */
async function addProducts(server: Awaited<ReturnType<typeof startServer>>): Promise<void> {
  const sup = await server.api.login(ADMIN.username, ADMIN.password);
  for (let i = 1; i <= 12; i += 1) {
    const r = await server.api.call('POST', '/api/goods/add', sup, {
      title: `示例商品 ${i} 接码`,
      channel: i % 4 ? 'sms' : 'mail',
      service: `s${i}`,
      price: 0.5 + i / 10,
      valid_hours: 24,
      receive_limit: 1,
      reset_limit: 2,
      renew_price: 0.5,
      code_wait_minutes: 10,
      min_qty: 1,
      max_qty: 100,
      description: '<p>支持注册与登录验证码，<b>秒到</b>。</p>',
    });
    if (r.code !== 200) throw new Error(`add product: ${r.message}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchConsole();
