/**
 * The pre-rendered /login form posts to /login when submitted before the app runs: the server sends
 * 204 (the browser stays on the page as it is) and the password reaches neither the address nor the log.
 */
import { describe, expect, it } from 'vitest';
import { useLogServer } from '../../helpers/child-server.js';

const PASSWORD = 'Form-secret-6613';

describe('POST /login (the form submitted before the app runs)', () => {
  const server = useLogServer('Sup-secret-unused-1');

  const submit = (body: string, type = 'application/x-www-form-urlencoded') =>
    fetch(`${server.url}/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body });

  it('answers 204 No Content, and the password is nowhere in the log', async () => {
    const res = await submit(new URLSearchParams({ username: 'admin', password: PASSWORD }).toString());
    expect(res.status).toBe(204);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toBe('');
    const stdout = await server.log();
    expect(stdout).toContain('"url":"/login"');
    expect(stdout.includes(PASSWORD)).toBe(false);
    expect(stdout.includes(encodeURIComponent(PASSWORD))).toBe(false);
  });

  it('takes any body type, and none, the same way', async () => {
    for (const [body, type] of [
      [JSON.stringify({ password: PASSWORD }), 'application/json'],
      ['x', 'text/plain'],
      ['', 'application/x-www-form-urlencoded'],
    ]) {
      const res = await submit(body, type);
      expect(res.status, type).toBe(204);
    }
    const stdout = await server.log();
    expect(stdout.includes(PASSWORD)).toBe(false);
  });

  it('refuses a body far larger than a login form (413)', async () => {
    const res = await submit(`username=a&password=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(413);
  });

  it('leaves the API as it was: a JSON login still works', async () => {
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Sup-secret-unused-1' }),
    });
    expect((await res.json()).code).toBe(200);
  });
});
