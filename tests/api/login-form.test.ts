/**
 * The pre-rendered /login form posts to /login when submitted before the app runs: the server sends
 * the browser back to /login (303) and the password reaches neither the address nor the log.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../helpers/child-server.js';

const fixture = path.join(import.meta.dirname, 'fixtures', 'log-server.ts');
const PASSWORD = 'Form-secret-6613';

describe('POST /login (the form submitted before the app runs)', () => {
  let child: ChildProcess;
  let url: string;
  let stdout = '';

  beforeAll(async () => {
    ({ child, url } = await startChildServer(fixture, { FIXTURE_SUP_PASSWORD: 'Sup-secret-unused-1' }));
    child.stdout!.on('data', (chunk) => { stdout += chunk; });
  });
  afterAll(() => { child?.kill('SIGTERM'); });

  const submit = (body: string, type = 'application/x-www-form-urlencoded') =>
    fetch(`${url}/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body });

  it('answers 303 See Other to /login, and the password is nowhere in the log', async () => {
    const res = await submit(new URLSearchParams({ username: 'admin', password: PASSWORD }).toString());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(await res.text()).not.toContain(PASSWORD);
    await new Promise((r) => setTimeout(r, 300)); // let the log lines land
    expect(stdout).toContain('"url":"/login"');
    expect(stdout.includes(PASSWORD)).toBe(false);
    expect(stdout.includes(encodeURIComponent(PASSWORD))).toBe(false);
  });

  it('takes any body type, and none, the same way', async () => {
    for (const [body, type] of [[JSON.stringify({ password: PASSWORD }), 'application/json'], ['x', 'text/plain'], ['', 'application/x-www-form-urlencoded']]) {
      const res = await submit(body, type);
      expect(res.status, type).toBe(303);
      expect(res.headers.get('location')).toBe('/login');
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(stdout.includes(PASSWORD)).toBe(false);
  });

  it('refuses a body far larger than a login form (413)', async () => {
    const res = await submit(`username=a&password=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(413);
  });

  it('leaves the API as it was: a JSON login still works', async () => {
    const res = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Sup-secret-unused-1' }) });
    expect((await res.json()).code).toBe(200);
  });
});
