import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { DIST, ROOT, SHOTS } from './harness';

/**
 * Builds the console once for the whole browser suite (into E2E_DIST when set; E2E_SKIP_BUILD=1
 * reuses a build already there), and says where screenshots go.
 */
export default function setup() {
  // Vitest sets NODE_ENV=test, which would give a development build of React: build what ships.
  const env = { ...process.env, NODE_ENV: 'production' };
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execSync(`node scripts/build.mjs "${DIST}"`, { cwd: ROOT, stdio: 'inherit', env });
  }
  fs.rmSync(SHOTS, { recursive: true, force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  process.stdout.write(`\n浏览器测试截图目录 (screenshots): ${SHOTS}\n`);
}
