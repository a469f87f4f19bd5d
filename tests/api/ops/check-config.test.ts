/**
 * `npm run admin -- check-config`, as an operator runs it before a start: every setting in effect,
 * secrets masked (passwords, tokens and keys only said to be set; DATABASE_URL without its
 * password), then what is wrong, exit code 1 when anything is.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, ROOT, tempDir } from '../../helpers/main-process.js';

function checkConfig(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', 'check-config'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const SECRETS = {
  ADMIN_PASSWORD: 'Admin-secret-pass-7731',
  METRICS_TOKEN: 'metrics-secret-token-5510',
  DEVICE_SECRET_KEY: 'device-secret-key-9902',
  TELEGRAM_BOT_TOKEN: '123456:AAbotSecretToken4455',
};

describe('npm run admin -- check-config', () => {
  it('prints the settings in effect with every secret masked, and exits 0 when all is well', async () => {
    const file = path.join(tempDir(), 'db-url');
    fs.writeFileSync(file, 'postgres://app:Db-secret-pass-3310@db.example:5432/codes\n');
    const r = await checkConfig(
      baseEnv(tempDir(), '', { ...SECRETS, DATABASE_URL: '', DATABASE_URL_FILE: file, PORT: '8089', TRUST_PROXY: '1' }),
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/PORT\s+8089/);
    expect(r.stdout).toMatch(/TRUST_PROXY\s+1/);
    expect(r.stdout).toMatch(/SESSION_TTL_DAYS\s+7\s+（默认）/);
    expect(r.stdout).toContain('postgres://app:***@db.example:5432/codes');
    expect(r.stdout).toContain(file);
    expect(r.stdout).toContain('设置没有问题');
    for (const secret of [...Object.values(SECRETS), 'Db-secret-pass-3310']) expect(r.stdout.includes(secret), secret).toBe(false);
    expect(r.stdout).toContain('******4455');
  });

  it('names what is wrong and exits 1', async () => {
    const r = await checkConfig(
      baseEnv(tempDir(), '', { PORT: 'abc', PUBLIC_URL: 'not-a-url', METRICS_TOKEN: 'x', METRICS_TOKEN_FILE: '/etc/hostname' }),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('有 3 项设置有误');
    expect(r.stdout).toContain('PORT=abc（应为 1 到 65535 之间的整数）');
    expect(r.stdout).toContain('PUBLIC_URL=not-a-url');
    expect(r.stdout).toContain('METRICS_TOKEN 与 METRICS_TOKEN_FILE 同时设置');
  });
});
