/**
 * Device secrets and SMS stay out of the log: the server in a child process with its real logger
 * (level trace); a device is made, its secret regenerated, and SMS come in by POST and by GET.
 */
import { describe, expect, it } from 'vitest';
import { useLogServer } from '../../helpers/child-server.js';
import { appSign, defaultFormRequest } from '../../helpers/smsforwarder-app.js';
import { localTime } from '../../helpers/server.js';

const SUP_PASSWORD = 'Log-test-secret-4410';

describe('the server log and the SMS webhook', () => {
  const server = useLogServer(SUP_PASSWORD);
  const post = async (p: string, body: unknown, token?: string) => (await server.post(p, body, token)).json;

  it('holds neither a device secret, nor its key, nor the SMS', async () => {
    const token = (await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).data.token;
    const made = await post('/api/device/add', { name: '日志测试机' }, token);
    expect(made.code).toBe(200);
    const key = new URL(made.data.webhook_url).pathname.split('/').pop()!;
    const renewed = await post('/api/device/secret', { id: made.data.id }, token);
    const secrets = [made.data.secret, renewed.data.secret];
    const ts = Date.now();
    const req = defaultFormRequest(
      { from: '+8610690000', text: '验证码 775533，请勿泄露', simInfo: 'SIM1_+8613800138000', receiveTime: localTime(ts) },
      renewed.data.secret,
      ts,
    );
    const sent = await fetch(`${server.url}/api/ingest/sms/${key}`, {
      method: 'POST',
      headers: { 'content-type': req.contentType },
      body: req.body,
    });
    expect(sent.status).toBe(200);
    const content = ['+8610690000', '验证码 661144，请勿泄露', 'SIM1_+8613800138000', localTime(ts)].join('\n');
    // The phone's next message carries its own timestamp (a signed timestamp carries one message).
    const next = ts + 1;
    const got = await fetch(
      `${server.url}/api/ingest/sms/${key}&content=${encodeURIComponent(content)}&timestamp=${next}&sign=${encodeURIComponent(appSign(next, renewed.data.secret))}`,
    );
    expect(got.status).toBe(200);
    const stdout = await server.log();

    expect(stdout).toContain('/api/ingest/sms/');
    for (const secret of secrets) expect(stdout.includes(secret), 'log holds a device secret').toBe(false);
    expect(stdout.includes(key), 'log holds the device key').toBe(false);
    expect(stdout).not.toMatch(/775533|661144|secret_enc/);
  });
});
