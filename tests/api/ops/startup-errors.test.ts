/**
 * A start that cannot succeed says why in one Chinese line naming the setting to fix, exits non-zero,
 * and shows no stack trace: a taken port, a DATABASE_URL that is not PostgreSQL's, a PostgreSQL that
 * cannot be reached or refuses the role, the password or the database name, a DATA_DIR that cannot
 * be written, no console and no way to build one. Each runs the real server/main.ts in a process.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, failedStart, ownLines, STACK_LINE, tempDir } from '../../helpers/main-process.js';
import { pgBinDir, startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { freePort } from '../../helpers/ports.js';
import { chinese } from '../../helpers/server.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** The url of the test cluster with another database, role or password. */
function variant(base: string, change: (u: URL) => void): string {
  const u = new URL(base);
  change(u);
  return u.toString();
}

type Failed = Awaited<ReturnType<typeof failedStart>>;

/** One line on stderr that is the server's own (npm adds its report after it), Chinese, matching `what`. */
function expectOneLine(r: Failed, what: RegExp, setting: string): string {
  expect(r.listened, r.output).toBe(false);
  expect(r.code, r.output).not.toBe(0);
  expect(r.stderr, 'no stack trace').not.toMatch(STACK_LINE);
  const lines = ownLines(r.stderr);
  expect(lines, r.output).toHaveLength(1);
  expect(chinese(lines[0])).toBe(true);
  expect(lines[0]).toMatch(what);
  expect(lines[0]).toContain(setting);
  return lines[0];
}

describe('a start that cannot succeed says why in one line', () => {
  it('a taken port: names PORT, and nothing is created before it is said (no first sup, no password file)', async () => {
    const port = await freePort();
    const holder = net.createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const dir = tempDir();
      const r = await failedStart(baseEnv(dir), { port });
      expectOneLine(r, new RegExp(`端口 ${port} 已被占用`), 'PORT');
      expect(fs.readdirSync(dir)).toEqual([]);
      // Through npm start the same line (npm adds its own report of the exit code after it).
      const viaNpm = await failedStart(baseEnv(tempDir()), { port, npm: true });
      expectOneLine(viaNpm, new RegExp(`端口 ${port} 已被占用`), 'PORT');
    } finally {
      holder.close();
    }
  });

  it.each(['mysql://root:secret@127.0.0.1/app', 'not a url', 'sqlite:///var/data/app.db'])(
    'DATABASE_URL=%s is refused, not served from SQLite',
    async (url) => {
      const dir = tempDir();
      const r = await failedStart(baseEnv(dir, url));
      expectOneLine(r, /postgres:\/\//, 'DATABASE_URL');
      expect(r.stderr).not.toContain('secret');
      expect(fs.existsSync(path.join(dir, 'app.db'))).toBe(false);
    },
  );

  it('a PostgreSQL nobody listens on: connection refused, names DATABASE_URL', async () => {
    const port = await freePort();
    const r = await failedStart(baseEnv(tempDir(), `postgres://app:secret@127.0.0.1:${port}/app`));
    expect(expectOneLine(r, /无法连接数据库/, 'DATABASE_URL')).toContain(`127.0.0.1:${port}`);
    expect(r.stderr).not.toContain('secret');
  });

  it('a database host that does not exist: names the host and DATABASE_URL', async () => {
    const r = await failedStart(baseEnv(tempDir(), 'postgres://app@no-such-host.invalid:5432/app'));
    expect(expectOneLine(r, /找不到数据库主机/, 'DATABASE_URL')).toContain('no-such-host.invalid');
  });

  it('a DATA_DIR that cannot be created or written: names DATA_DIR', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const r = await failedStart(baseEnv(path.join(file, 'data')));
    expectOneLine(r, /无法写入/, 'DATA_DIR');
  });

  it('no built console and no build tool: says what to run', async () => {
    const r = await failedStart({ ...baseEnv(tempDir()), STATIC_DIR: tempDir('ops-empty-console-') });
    expectOneLine(r, /没有构建好的控制台/, 'npm run build');
  });

  describe.skipIf(!pgUrl)('on the PostgreSQL server', () => {
    it('a database that does not exist: names it, how to create it, and DATABASE_URL', async () => {
      const name = `ops_missing_${crypto.randomBytes(4).toString('hex')}`;
      const r = await failedStart(
        baseEnv(
          tempDir(),
          variant(pgUrl!, (u) => {
            u.pathname = `/${name}`;
          }),
        ),
      );
      expect(expectOneLine(r, /不存在/, 'DATABASE_URL')).toContain(`createdb ${name}`);
    });

    it('a role that does not exist: names the role and DATABASE_URL', async () => {
      const role = `ops_nobody_${crypto.randomBytes(4).toString('hex')}`;
      const r = await failedStart(
        baseEnv(
          tempDir(),
          variant(pgUrl!, (u) => {
            u.username = role;
            u.pathname = '/postgres';
          }),
        ),
      );
      expect(expectOneLine(r, /没有用户（角色）/, 'DATABASE_URL')).toContain(role);
    });
  });

  // The shared server trusts every local connection; a cluster of the test's own asks for passwords.
  describe.skipIf(!pgUrl || !pgBinDir())('on a PostgreSQL server that checks passwords', () => {
    let cluster: PgCluster;
    beforeAll(async () => {
      cluster = await startPgCluster();
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ops_app LOGIN PASSWORD 'right-password'`);
        fs.writeFileSync(
          path.join(cluster.dir, 'data', 'pg_hba.conf'),
          'local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n',
        );
        await admin.query('select pg_reload_conf()');
      } finally {
        await admin.end();
      }
    });
    afterAll(async () => {
      await cluster?.destroy();
    });

    it('a wrong password: names the user and DATABASE_URL, never the password', async () => {
      const url = `postgres://ops_app:wrong-password@127.0.0.1:${cluster.port}/app`;
      const r = await failedStart(baseEnv(tempDir(), url));
      expect(expectOneLine(r, /密码/, 'DATABASE_URL')).toContain('ops_app');
      expect(r.stderr).not.toContain('wrong-password');
    });
  });
});
