/**
 * The SMTP receiver that cannot listen: the reason said once, in Chinese (a port below 1024 without
 * privilege is a permission matter, not a taken port), and /readyz answers 503 while a configured
 * receiver is not listening. The permission case is the error-to-message mapping (tests run as root,
 * which may bind any port); the rest runs the real server/main.ts on each database.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpListenFailure } from '../../../server/intake/mail/listen-failure.js';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { baseEnv, startMain, stopMain, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { freePort } from '../../helpers/ports.js';
import { dbKinds } from '../../helpers/server.js';

describe('why the SMTP receiver could not listen', () => {
  it('EACCES on port 25: root or CAP_NET_BIND_SERVICE, or a port of 1024 and above with 25 forwarded; not "taken"', () => {
    const line = smtpListenFailure('EACCES', '0.0.0.0', 25);
    expect(line).toContain('没有权限');
    expect(line).toContain('1024');
    expect(line).toContain('CAP_NET_BIND_SERVICE');
    expect(line).toContain('SMTP_PORT');
    expect(line).toMatch(/25 端口转发/);
    expect(line).not.toContain('占用');
  });

  it('EADDRINUSE: the port is taken', () => {
    expect(smtpListenFailure('EADDRINUSE', '127.0.0.1', 2525)).toMatch(/SMTP 端口 2525 已被占用/);
  });
});

describe.each(dbKinds)('a configured SMTP receiver that is not listening, on %s', (kind) => {
  let holder: net.Server;
  let smtpPort = 0;
  let proc: MainProcess | undefined;
  let databaseUrl = '';

  beforeAll(async () => {
    if (kind === 'postgres') databaseUrl = await freshPgDatabase('smtpdown');
    smtpPort = await freePort();
    holder = net.createServer().listen(smtpPort, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
  });
  afterAll(async () => {
    await stopMain(proc);
    holder?.close();
    await dropPgDatabase(databaseUrl || undefined);
  });

  it('says why once, and /readyz answers 503 naming the mail receiver', async () => {
    proc = await startMain(baseEnv(tempDir(), databaseUrl, { SMTP_PORT: String(smtpPort), SMTP_HOST: '127.0.0.1' }));
    const res = await fetch(`${proc.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; message: string };
    expect(body.status).toBe('unavailable');
    expect(body.message).toContain('邮件接收 (SMTP)');
    expect(body.message).toContain(`SMTP 端口 ${smtpPort} 已被占用`);
    const said = proc
      .output()
      .split('\n')
      .filter((l) => l.includes(String(smtpPort)) || /smtp/i.test(l));
    expect(said, proc.output()).toHaveLength(1);
    expect(said[0]).toContain(`邮件接收 (SMTP) 未启动：SMTP 端口 ${smtpPort} 已被占用`);
    // The API itself serves.
    expect((await fetch(`${proc.url}/healthz`)).status).toBe(200);
  });
});
