import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Builds the console once for the whole browser suite, and says where screenshots go. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  // Vitest sets NODE_ENV=test, which would give a development build of React: build what ships.
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const shots = path.join(root, 'test-results', 'screenshots');
  fs.rmSync(shots, { recursive: true, force: true });
  fs.mkdirSync(shots, { recursive: true });
  process.stdout.write(`\n浏览器测试截图目录 (screenshots): ${shots}\n`);
}
