/**
 * Cold loads of /login in Debian's headless Chromium: the compressed bytes of JavaScript loaded and
 * the time from navigation to the login form being visible, measured inside the page (a
 * requestAnimationFrame loop reading performance.now(), whose origin is the navigation start).
 * Prints figures; asserts nothing. Targets: <= 300 KB gzip, <= 600 ms median.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, ROOT, startServer } from '../tests/e2e/harness.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 7);

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

export async function benchConsole(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const bytes: number[] = [];
  const times: number[] = [];
  try {
    for (let i = 0; i < LOADS; i += 1) {
      const browser = await openBrowser();
      try {
        await browser.page.addInitScript({ content: probe });
        await browser.page.goto(`${server.url}/login`, { waitUntil: 'load' });
        await browser.page.waitForFunction(() => (window as any).__formVisibleAt !== undefined, null, { timeout: 30_000 });
        const result = await browser.page.evaluate(() => ({
          visible: (window as any).__formVisibleAt as number,
          js: performance.getEntriesByType('resource')
            .filter((e) => /\.m?js(\?|$)/.test(e.name))
            .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
        }));
        bytes.push(result.js);
        times.push(result.visible);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  process.stdout.write([
    `\n控制台 /login 冷加载 ${LOADS} 次 (console cold loads of /login)`,
    `  JS bytes (compressed, as sent): median ${kb(median(bytes))} KB  [${bytes.map(kb).join(', ')}]  target <= 300 KB`,
    `  navigation -> login form visible: median ${median(times).toFixed(0)} ms  [${times.map((t) => t.toFixed(0)).join(', ')}]  target <= 600 ms`,
  ].join('\n') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchConsole();
