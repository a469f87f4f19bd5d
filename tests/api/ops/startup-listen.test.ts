/**
 * Where the server listens: the mail receiver binds SMTP_HOST, by default the same address as HOST,
 * so a server kept on the loopback does not take mail from the network behind the operator's back.
 * Checked from this machine's own non-loopback address (skipped on a machine without one).
 */
import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { baseEnv, printed, startMain, stopMain, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { freePort } from '../../helpers/ports.js';

/** An IPv4 address of this machine that is not the loopback. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/**
 * Whether an SMTP greeting comes from host:port within 5 s. Some networks drop a connection to a
 * port nobody listens on instead of refusing it: silence counts as no greeting.
 */
function greets(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (greeted: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(greeted);
    };
    const timer = setTimeout(() => done(false), 5_000);
    socket.once('data', (chunk) => done(String(chunk).startsWith('220')));
    socket.once('error', () => done(false));
  });
}

describe.skipIf(!outside)(`the mail receiver's address (this machine's other address: ${outside})`, () => {
  let proc: MainProcess | undefined;
  afterEach(async () => {
    await stopMain(proc);
  });

  it('unset SMTP_HOST: the same as HOST (127.0.0.1): mail is taken on the loopback only', async () => {
    const smtp = await freePort();
    proc = await startMain(baseEnv(tempDir(), '', { SMTP_PORT: String(smtp), SMTP_HOST: '' }));
    await printed(proc, `:${smtp}\n`);
    expect(proc.output()).toContain(`邮件接收 (SMTP) 已启动: 127.0.0.1:${smtp}`);
    expect(await greets('127.0.0.1', smtp)).toBe(true);
    expect(await greets(outside!, smtp)).toBe(false);
  });

  it('SMTP_HOST=0.0.0.0: mail is taken on every address', async () => {
    const smtp = await freePort();
    proc = await startMain(baseEnv(tempDir(), '', { SMTP_PORT: String(smtp), SMTP_HOST: '0.0.0.0' }));
    await printed(proc, `邮件接收 (SMTP) 已启动: 0.0.0.0:${smtp}`);
    expect(await greets(outside!, smtp)).toBe(true);
  });
});
