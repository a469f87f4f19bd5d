/**
 * Device secrets and SMS stay out of the log: the server in a child process with its real logger
 * (level trace); a device is made, its secret regenerated, and SMS come in by POST and by GET.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../helpers/child-server.js';
import { appSign, defaultFormRequest } from '../helpers/smsforwarder-app.js';
import { localTime } from '../helpers/server.js';

const fixture = path.join(import.meta.dirname, 'fixtures', 'log-server.ts');
const SUP_PASSWORD = 'Log-test-secret-4410';

describe('the server log and the SMS webhook', () => {
  let child: ChildProcess;
  let url: string;
  let stdout = '';

  beforeAll(async () => {
    ({ child, url } = await startChildServer(fixture, { FIXTURE_SUP_PASSWORD: SUP_PASSWORD }));
    child.stdout!.on('data', (chunk) => { stdout += chunk; });
  });
  afterAll(() => { child?.kill('SIGTERM'); });

  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return await res.json() as any;
  };

  it('holds neither a device secret, nor its key, nor the SMS', async () => {
    const token = (await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).data.token;
    const made = await post('/api/device/add', { name: '日志测试机' }, token);
    expect(made.code).toBe(200);
    const key = new URL(made.data.webhook_url).pathname.split('/').pop()!;
    const renewed = await post('/api/device/secret', { id: made.data.id }, token);
    const secrets = [made.data.secret, renewed.data.secret];
    const ts = Date.now();
    const req = defaultFormRequest({ from: '+8610690000', text: '验证码 775533，请勿泄露', simInfo: 'SIM1_+8613800138000', receiveTime: localTime(ts) }, renewed.data.secret, ts);
    const sent = await fetch(`${url}/api/ingest/sms/${key}`, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
    expect(sent.status).toBe(200);
    const content = ['+8610690000', '验证码 661144，请勿泄露', 'SIM1_+8613800138000', localTime(ts)].join('\n');
    const got = await fetch(`${url}/api/ingest/sms/${key}&content=${encodeURIComponent(content)}&timestamp=${ts}&sign=${encodeURIComponent(appSign(ts, renewed.data.secret))}`);
    expect(got.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // let the log lines land

    expect(stdout).toContain('/api/ingest/sms/');
    for (const secret of secrets) expect(stdout.includes(secret), 'log holds a device secret').toBe(false);
    expect(stdout.includes(key), 'log holds the device key').toBe(false);
    expect(stdout).not.toMatch(/775533|661144|secret_enc/);
  });
});
