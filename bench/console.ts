/**
 * Cold loads of /login in Debian's headless Chromium, against a baseline in the same run: a blank page
 * holding a form with a password field, served by the same server as a static file (what a browser
 * cannot beat). For each: the time from navigation to the password field being laid out, measured
 * inside the page (a requestAnimationFrame loop reading performance.now(), whose origin is the
 * navigation start); for /login also the compressed bytes of JavaScript loaded. Loads alternate
 * between the two pages, each in a fresh browser profile, so both see the same machine.
 * Also each page's first paint as Chromium reports it (Paint Timing: when the frame was presented),
 * which adds the paint itself (text, shadows) to the layout the probe sees. BENCH_COMPARE=a.html,b.html
 * loads other versions of the login page in the same run, interleaved (e.g. one from a previous build).
 * Prints figures and the ratio; asserts nothing. Targets: /login within 2x the blank page;
 * JavaScript <= 300 KB gzip.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, ROOT, startServer } from '../tests/e2e/harness.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const BLANK = 'bench-blank.html';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Runs in the page before any of its scripts: records when a form with a password input is first
// laid out. A string, because tsx decorates functions with helpers the page does not have.
const probe = `(() => {
  const tick = () => {
    const input = document.querySelector('form input[type="password"]');
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

interface Load { visible: number; paint: number; loaded: number; js: number }

/** One cold load in a fresh browser: when the password field was laid out and first painted, and the JS bytes sent. */
async function load(url: string): Promise<Load> {
  const browser = await openBrowser();
  try {
    await browser.page.addInitScript({ content: probe });
    await browser.page.goto(url, { waitUntil: 'load' });
    await browser.page.waitForFunction(() => (window as any).__formVisibleAt !== undefined, null, { timeout: 30_000 });
    // /login's entry imports its modules one level at a time (no modulepreload): count them once all have arrived.
    await browser.page.waitForLoadState('networkidle');
    return await browser.page.evaluate(() => ({
      visible: (window as any).__formVisibleAt as number,
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      paint: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? NaN,
      js: performance.getEntriesByType('resource')
        .filter((e) => /\.m?js(\?|$)/.test(e.name))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
    }));
  } finally {
    await browser.close();
  }
}

export async function benchConsole(): Promise<void> {
  // A build from before /login was pre-rendered would measure the old page: build again.
  if (!fs.existsSync(path.join(ROOT, 'dist', 'login', 'index.html'))) execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
  // The baseline lives in dist only while the server runs (it lists its static files when it starts).
  const blankFile = path.join(ROOT, 'dist', BLANK);
  fs.writeFileSync(blankFile, blankPage);
  // Other versions of the login page, each served like /login from a folder of its own.
  const compare = (process.env.BENCH_COMPARE ?? '').split(',').filter(Boolean).map((file, i) => {
    const dir = path.join(ROOT, 'dist', `bench-compare-${i}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.resolve(file), path.join(dir, 'index.html'));
    return { name: path.basename(file), dir, url: `/bench-compare-${i}` };
  });
  const pages = [{ name: 'blank page', url: `/${BLANK}` }, { name: '/login', url: '/login' }, ...compare];
  const loads = new Map(pages.map((p) => [p.name, [] as Load[]]));
  try {
    const server = await startServer();
    try {
      await load(`${server.url}/${BLANK}`); // a warm-up: the first Chromium start on a machine is slower
      for (let i = 0; i < LOADS; i += 1) {
        for (const p of pages) loads.get(p.name)!.push(await load(server.url + p.url));
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(blankFile, { force: true });
    for (const c of compare) fs.rmSync(c.dir, { recursive: true, force: true });
  }
  const login = { times: loads.get('/login')!.map((l) => l.visible), bytes: loads.get('/login')!.map((l) => l.js) };
  const blank = loads.get('blank page')!.map((l) => l.visible);
  const blankPaint = median(loads.get('blank page')!.map((l) => l.paint));
  const kb = (n: number) => (n / 1024).toFixed(1);
  const ms = (list: number[]) => `median ${median(list).toFixed(0)} ms  [${list.map((t) => t.toFixed(0)).join(', ')}]`;
  const rows = pages.map((p) => {
    const list = loads.get(p.name)!;
    const visible = list.map((l) => l.visible);
    const paint = list.map((l) => l.paint);
    return `  ${p.name.padEnd(18)} laid out ${ms(visible)}  (${(median(visible) / median(blank)).toFixed(2)}x)\n`
      + `  ${''.padEnd(18)} first paint ${ms(paint)}  (${(median(paint) / blankPaint).toFixed(2)}x)\n`
      + `  ${''.padEnd(18)} load event (the app has started) ${ms(list.map((l) => l.loaded))}`;
  });
  process.stdout.write([
    `\n控制台 /login 冷加载 ${LOADS} 次，对照同一服务器上只有密码框的空白页 (console cold loads of /login vs a blank page with a password field)`,
    `  navigation -> password field laid out (rAF probe), and -> first paint presented (Paint Timing); ratios to the blank page`,
    ...rows,
    `  ratio /login : blank = ${(median(login.times) / median(blank)).toFixed(2)}x laid out, ${(median(loads.get('/login')!.map((l) => l.paint)) / blankPaint).toFixed(2)}x first paint  target <= 2x`,
    `  (the blank page has no text: /login also shapes and paints Chinese text, which the baseline is not held to)`,
    `  /login JS bytes (compressed, as sent): median ${kb(median(login.bytes))} KB  [${login.bytes.map(kb).join(', ')}]  target <= 300 KB`,
  ].join('\n') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchConsole();
