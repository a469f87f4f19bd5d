/**
 * The README's modem-pool recipe end to end: scripts/gammu-runonreceive.sh, run as gammu-smsd runs
 * it (its environment variables), posts to the real webhook of a device; PHONE_ID maps to the SIM's
 * number and the code becomes readable through the link.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { addDevice, type Device } from '../../helpers/intake.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const SCRIPT = path.resolve('scripts/gammu-runonreceive.sh');

describe.each(dbKinds)('gammu RunOnReceive into the webhook on %s', (kind) => {
  let s: TestServer;
  let device: Device;
  let dir: string;
  let links: { token: string; identifier: string }[];

  beforeAll(async () => {
    s = await startServer(kind);
    const sup = await s.login(SUP.username, SUP.password);
    const customer = await s.addCustomer(sup, 'pool_buyer');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup);
    await importLines(s, sup, goods, ['+8613800138003', '+8613800138004']);
    links = (await buyOk(s, customer.token, goods, 2)).tokens;
    device = await addDevice(s, sup, { name: '猫池' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gammu-api-'));
    fs.writeFileSync(path.join(dir, 'numbers'), '# PhoneID  number\nmodem3 +8613800138003\nmodem4 +8613800138004\n');
    fs.writeFileSync(
      path.join(dir, 'webhook.conf'),
      `WEBHOOK_URL='${device.webhook_url}'\nWEBHOOK_SECRET='${device.secret}'\nNUMBERS_FILE='${path.join(dir, 'numbers')}'\nLOG_FILE='${path.join(dir, 'log')}'\nCURL_TIMEOUT=10\n`,
    );
    // The script signs whole seconds: let the purchase be a second behind.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = (env: Record<string, string>) =>
    new Promise<number>((resolve) => {
      execFile(
        'sh',
        [SCRIPT],
        { env: { PATH: process.env.PATH!, GAMMU_WEBHOOK_CONF: path.join(dir, 'webhook.conf'), ...env }, timeout: 60_000 },
        (err) => resolve(err ? (typeof err.code === 'number' ? err.code : 1) : 0),
      );
    });

  it("a two-part SMS on modem4 reaches the link of modem4's number", async () => {
    const code = await run({
      SMS_MESSAGES: '2',
      DECODED_PARTS: '0',
      PHONE_ID: 'modem4',
      SMS_1_NUMBER: '+8610690000',
      SMS_1_TEXT: '【腾讯科技】您的验证码是 48',
      SMS_2_NUMBER: '+8610690000',
      SMS_2_TEXT: '2913，5分钟内有效，请勿泄露。',
    });
    expect(code).toBe(0);
    const link = links.find((l) => l.identifier === '+8613800138004')!;
    expect((await s.get(`/api/code/${link.token}`)).data).toMatchObject({ code: '482913' });
    const other = links.find((l) => l.identifier === '+8613800138003')!;
    expect((await s.get(`/api/code/${other.token}`)).data).toMatchObject({ code: null });
  });

  it('a wrong secret makes the script fail (gammu logs it), and nothing is stored', async () => {
    const conf = path.join(dir, 'webhook.conf');
    const good = fs.readFileSync(conf, 'utf8');
    fs.writeFileSync(conf, good.replace(device.secret, 'wrong-secret'));
    const before = (
      await s.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const code = await run({ SMS_MESSAGES: '1', PHONE_ID: 'modem3', SMS_1_NUMBER: '+8610690000', SMS_1_TEXT: '验证码 771100' });
    fs.writeFileSync(conf, good);
    expect(code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'log'), 'utf8')).toContain('HTTP 401');
    const after = (
      await s.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });
});
