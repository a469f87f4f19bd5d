/**
 * Settings are read strictly before anything else runs: a value a setting cannot take (a port that is
 * not a number or out of range, a TRUST_PROXY that is neither a count nor addresses, a PUBLIC_URL that
 * is not an address, ...) stops the start with one Chinese line naming every such setting and what
 * it accepts, exit code 1, no stack trace, and nothing created: no DATA_DIR, no table. Secrets may come
 * from files (`<NAME>_FILE`, as Docker's secrets give them). Each runs the real server/main.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { baseEnv, failedStart, ownLines, startMain, stopMain, STACK_LINE, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { chinese, dbKinds } from '../../helpers/server.js';

type Failed = Awaited<ReturnType<typeof failedStart>>;

/** The one line a refused start writes: Chinese, the startup-failure prefix, no stack. */
function refusal(r: Failed): string {
  expect(r.listened, r.output).toBe(false);
  expect(r.code, r.output).toBe(1);
  expect(r.output, 'no stack trace').not.toMatch(STACK_LINE);
  const lines = ownLines(r.stderr);
  expect(lines, r.output).toHaveLength(1);
  expect(lines[0].startsWith('启动失败：'), lines[0]).toBe(true);
  expect(chinese(lines[0])).toBe(true);
  return lines[0];
}

/** A DATA_DIR that does not exist yet: a start that created anything would have created it. */
const unmadeDataDir = () => path.join(tempDir(), 'data');

describe('a setting with a value it cannot take stops the start before anything is created', () => {
  it.each([
    ['PORT', 'abc', '1 到 65535'],
    ['PORT', '70000', '1 到 65535'],
    ['PORT', '-1', '1 到 65535'],
    ['TRUST_PROXY', 'yes', '代理的层数'],
    ['TRUST_PROXY', '10.0.0.5,not-an-address', '代理的层数'],
    ['PUBLIC_URL', 'not-a-url', 'https://'],
    ['PUBLIC_URL', 'codes.example.com', 'https://'],
    ['SESSION_TTL_DAYS', '7d', '整数'],
    ['SMTP_PORT', '99999', '或 0'],
    ['READ_CACHE_MS', '1.5', '整数'],
    ['WEBHOOK_ALLOW_PRIVATE', 'yes', 'true'],
    ['WEBHOOK_RETRY_SECONDS', '10,abc', '逗号分隔'],
    ['TIME_ZONE', 'Mars/Olympus', 'IANA'],
    ['LOG_LEVEL', 'verbose', 'info'],
    ['TELEGRAM_API_ROOT', 'api.telegram.org', 'https://'],
  ])('%s=%s', async (name, value, accepts) => {
    const dataDir = unmadeDataDir();
    const r = await failedStart(baseEnv(dataDir), { env: { [name]: value } });
    const line = refusal(r);
    expect(line).toContain(`${name}=${value}`);
    expect(line).toContain(accepts);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('names every bad setting in its one line', async () => {
    const r = await failedStart(baseEnv(unmadeDataDir()), { env: { PORT: 'abc', TRUST_PROXY: 'yes', PUBLIC_URL: 'not-a-url' } });
    const line = refusal(r);
    for (const named of ['PORT=abc', 'TRUST_PROXY=yes', 'PUBLIC_URL=not-a-url']) expect(line).toContain(named);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL: no migration ran (no table in the database)', async () => {
    const url = await freshPgDatabase('settings');
    try {
      const r = await failedStart(baseEnv(unmadeDataDir(), url), { env: { TRUST_PROXY: 'yes' } });
      expect(refusal(r)).toContain('TRUST_PROXY=yes');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const tables = await client.query(`select table_name from information_schema.tables where table_schema = 'public'`);
        expect(tables.rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      await dropPgDatabase(url);
    }
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  it('both NAME and NAME_FILE set: refused, naming both', async () => {
    const file = path.join(tempDir(), 'metrics-token');
    fs.writeFileSync(file, 'from-the-file\n');
    const r = await failedStart(baseEnv(unmadeDataDir()), { env: { METRICS_TOKEN: 'from-env', METRICS_TOKEN_FILE: file } });
    const line = refusal(r);
    expect(line).toContain('METRICS_TOKEN 与 METRICS_TOKEN_FILE');
    expect(line).not.toContain('from-the-file');
    expect(line).not.toContain('from-env');
  });

  it('a NAME_FILE that cannot be read: refused, naming it and its path', async () => {
    const missing = path.join(tempDir(), 'no-such-file');
    const r = await failedStart(baseEnv(unmadeDataDir()), { env: { DEVICE_SECRET_KEY_FILE: missing } });
    const line = refusal(r);
    expect(line).toContain(`DEVICE_SECRET_KEY_FILE=${missing}`);
    expect(line).toContain('文件不存在');
  });

  describe.each(dbKinds)('on %s', (kind) => {
    let proc: MainProcess | undefined;
    let databaseUrl = '';
    const password = 'Filed-admin-pass-8812';

    beforeAll(async () => {
      if (kind === 'postgres') databaseUrl = await freshPgDatabase('secretfile');
    });
    afterAll(async () => {
      await stopMain(proc);
      await dropPgDatabase(databaseUrl || undefined);
    });

    it('ADMIN_PASSWORD_FILE (and DATABASE_URL_FILE) are read, their final newline dropped; the sup logs in with it', async () => {
      const secrets = tempDir('ops-secrets-');
      fs.writeFileSync(path.join(secrets, 'admin_password'), `${password}\n`);
      const env: NodeJS.ProcessEnv = { ADMIN_PASSWORD_FILE: path.join(secrets, 'admin_password') };
      if (databaseUrl) {
        fs.writeFileSync(path.join(secrets, 'database_url'), `${databaseUrl}\n`);
        Object.assign(env, { DATABASE_URL: '', DATABASE_URL_FILE: path.join(secrets, 'database_url') });
      }
      proc = await startMain(baseEnv(tempDir()), { env });
      expect(proc.output()).toContain(`数据库: ${kind}`);
      expect(proc.output()).not.toContain(password);
      const res = await fetch(`${proc.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    });
  });
});
