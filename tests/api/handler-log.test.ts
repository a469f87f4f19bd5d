/**
 * An API key travels in the query string of `/stubs/handler_api.php`: the server's own log (the
 * production logger, in a child process) names it shortened, never whole, however it is sent; the
 * console answer that makes it is not logged either.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../helpers/child-server.js';

const fixture = path.join(import.meta.dirname, 'fixtures', 'log-server.ts');
const SUP_PASSWORD = 'Log-test-secret-6604';

describe('the server log and API keys', () => {
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
    return (await res.json()) as { code: number; data: any };
  };

  it('holds calls with their key shortened to its prefix and 4 characters', async () => {
    const sup = (await post('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).data.token;
    expect((await post('/api/user/add', { username: 'log_keyed', password: 'Keyed-secret-1234' }, sup)).code).toBe(200);
    const token = (await post('/api/user/login', { username: 'log_keyed', password: 'Keyed-secret-1234' })).data.token;
    const key = (await post('/api/apikey/create', {}, token)).data.key as string;
    expect(key).toMatch(/^sak_/);

    const handler = `${url}/stubs/handler_api.php`;
    const answers = [
      await fetch(`${handler}?action=getBalance&api_key=${key}`),
      await fetch(`${handler}?api_key=${encodeURIComponent(key)}&action=getNumber&service=tg`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      await fetch(`${handler}?API_KEY=${key}&action=getBalance`),
      await fetch(handler, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `api_key=${key}&action=getBalance` }),
      await fetch(`${handler}?action=getBalance`, { headers: { 'x-apikey': key } }),
    ];
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(['ACCESS_BALANCE:0.00', 'BAD_SERVICE', 'BAD_KEY', 'ACCESS_BALANCE:0.00', 'ACCESS_BALANCE:0.00']);
    await new Promise((r) => setTimeout(r, 300)); // let the log lines land

    expect(stdout).toContain(`/stubs/handler_api.php?action=getBalance&api_key=${key.slice(0, 8)}…`);
    expect(stdout).toContain(`API_KEY=${key.slice(0, 8)}…&action=getBalance`);
    expect(stdout.includes(key)).toBe(false);
    expect(stdout.includes(key.slice(8, 24))).toBe(false);
  });
});
