/**
 * Secrets stay out of the log and out of the answers: the server runs in a child process with its
 * real logger (level trace, every token rotated), and the test reads what it wrote.
 */
import { describe, expect, it } from 'vitest';
import { useLogServer } from '../../helpers/child-server.js';

const SUP_PASSWORD = 'Log-test-secret-9271';

describe('the server log', () => {
  const server = useLogServer(SUP_PASSWORD);
  const post = server.post;

  it('holds the requests but no password, token or password hash', async () => {
    const secrets: string[] = [SUP_PASSWORD, 'Customer-secret-5521', 'Changed-secret-8830'];
    const answers: string[] = [];
    const login = await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD });
    expect(login.json.code).toBe(200);
    const token = login.json.data.token as string;
    secrets.push(token);
    answers.push(JSON.stringify(login.json));

    const added = await post('/api/user/add', { username: 'log_user', password: 'Customer-secret-5521' }, token);
    expect(added.json.code).toBe(200);
    // Every call rotates here, so new tokens travel in response headers too.
    if (added.header) secrets.push(added.header.slice(7));
    const customer = await post('/api/user/login', { username: 'log_user', password: 'Customer-secret-5521' });
    secrets.push(customer.json.data.token);
    const changed = await post(
      '/api/user/password',
      { old_password: 'Customer-secret-5521', password: 'Changed-secret-8830' },
      customer.json.data.token,
    );
    expect(changed.json.code).toBe(200);
    if (changed.header) secrets.push(changed.header.slice(7));
    const failed = await post('/api/user/login', { username: 'log_user', password: 'Customer-secret-5521' });
    expect(failed.json.code).toBe(400);
    const info = await post('/api/user/info', {}, token);
    answers.push(JSON.stringify(info.json), JSON.stringify(customer.json), JSON.stringify(added.json));
    const stdout = await server.log();

    expect(stdout).toContain('/api/user/login');
    expect(stdout).toContain('/api/user/password');
    for (const secret of secrets) expect(stdout.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false);
    expect(stdout).not.toMatch(/\$argon2|password_hash/);
    for (const answer of answers) expect(answer).not.toMatch(/password|\$argon2/i);
  });

  it('holds API link tokens shortened, never whole', async () => {
    const sup = (await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).json.data.token;
    const goods = (await post('/api/goods/add', { title: '日志', channel: 'sms', service: 'tg', price: 1, valid_hours: 1 }, sup)).json.data
      .id;
    await post('/api/stock/import', { goods_id: goods, text: '8613800000000' }, sup);
    const buyer = (await post('/api/user/add', { username: 'log_buyer', password: 'Buyer-secret-4471' }, sup)).json.data.id;
    await post('/api/user/money', { id: buyer, amount: 5, remark: '日志测试' }, sup);
    const token = (await post('/api/user/login', { username: 'log_buyer', password: 'Buyer-secret-4471' })).json.data.token;
    const bought = await post('/api/order/buy', { goods_id: goods, quantity: 1 }, token);
    const link = bought.json.data.tokens[0].token as string;
    expect((await fetch(`${server.url}/api/code/${link}?format=text`)).status).toBe(200);
    expect((await fetch(`${server.url}/c/${link}`)).status).toBe(200);
    // A code read is a poll and has no line (tests/api/ops/request-log.test.ts); the link's page has one.
    const stdout = await server.log();
    expect(stdout).toContain(`/c/${link.slice(0, 4)}…`);
    expect(stdout.includes(link)).toBe(false);
  });

  it('holds SMS-Activate calls with their API key shortened to its prefix and 4 characters, however it is sent', async () => {
    const sup = (await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).json.data.token;
    expect((await post('/api/user/add', { username: 'log_keyed', password: 'Keyed-secret-1234' }, sup)).json.code).toBe(200);
    const token = (await post('/api/user/login', { username: 'log_keyed', password: 'Keyed-secret-1234' })).json.data.token;
    const key = (await post('/api/apikey/create', {}, token)).json.data.key as string;
    expect(key).toMatch(/^sak_/);

    const handler = `${server.url}/stubs/handler_api.php`;
    const answers = [
      await fetch(`${handler}?action=getBalance&api_key=${key}`),
      await fetch(`${handler}?api_key=${encodeURIComponent(key)}&action=getNumber&service=wa`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await fetch(`${handler}?API_KEY=${key}&action=getBalance`),
      await fetch(handler, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `api_key=${key}&action=getBalance`,
      }),
      await fetch(`${handler}?action=getBalance`, { headers: { 'x-apikey': key } }),
    ];
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual([
      'ACCESS_BALANCE:0.00',
      'BAD_SERVICE',
      'BAD_KEY',
      'ACCESS_BALANCE:0.00',
      'ACCESS_BALANCE:0.00',
    ]);
    const stdout = await server.log();

    expect(stdout).toContain(`/stubs/handler_api.php?action=getBalance&api_key=${key.slice(0, 8)}…`);
    expect(stdout).toContain(`API_KEY=${key.slice(0, 8)}…&action=getBalance`);
    expect(stdout.includes(key)).toBe(false);
    expect(stdout.includes(key.slice(8, 24))).toBe(false);
  });
});
