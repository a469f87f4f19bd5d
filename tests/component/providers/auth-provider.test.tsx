import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authProvider, loadBaseInfo } from '../../../src/providers/auth-provider';
import { authState } from '../../../src/providers/auth-state';
import { navigation } from '../../../src/providers/navigation';
import { useEnvelopeServer } from './envelope-server';

const server = useEnvelopeServer();
const user = {
  id: 4,
  username: 'alice',
  type: 'user',
  balance: 12.5,
  email: null,
  tg: null,
  create_at: null,
  login_at: null,
  login_count: 1,
  login_ip: null,
};

beforeEach(() => {
  authState.clear();
  navigation.set(() => undefined);
});
afterEach(() => authState.clear());

describe('authProvider', () => {
  it('login sends the credentials and stores token, type and user', async () => {
    server.on('POST /api/user/login', { data: { token: 'tok-a', type: 'user', user } });
    const answer = await authProvider.login({ username: 'alice', password: 'pw-123456' });
    expect(answer).toEqual({ success: true, redirectTo: '/home' });
    expect(server.requests[0].body).toEqual({ username: 'alice', password: 'pw-123456' });
    expect(localStorage.getItem('token')).toBe('tok-a');
    expect(localStorage.getItem('type')).toBe('user');
    expect(authState.getUserInfo()).toEqual(user);
    await expect(authProvider.getPermissions!()).resolves.toBe('user');
    await expect(authProvider.getIdentity!()).resolves.toEqual(user);
  });

  it('a refused login answers the message and stores nothing', async () => {
    server.on('POST /api/user/login', { code: 400, message: '用户名或密码错误' });
    const answer = await authProvider.login({ username: 'alice', password: 'wrong' });
    expect(answer).toEqual({ success: false, error: { name: '登录失败', message: '用户名或密码错误' } });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('register signs the new user in', async () => {
    server.on('POST /api/user/register', { data: { token: 'tok-r', type: 'user', user } });
    const answer = await authProvider.register!({ username: 'alice', password: 'pw-123456', email: 'a@b.co', tg: '' });
    expect(answer).toMatchObject({ success: true, redirectTo: '/home' });
    expect(server.requests[0].body).toEqual({ username: 'alice', password: 'pw-123456', email: 'a@b.co', tg: '' });
    expect(localStorage.getItem('token')).toBe('tok-r');
  });

  it('logout clears token, type and user and goes to /login', async () => {
    authState.setToken('t');
    authState.setType('sup');
    authState.setUserInfo(user);
    await expect(authProvider.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('type')).toBeNull();
    expect(authState.getUserInfo()).toBeNull();
  });

  it('check without a token sends the visitor to /store without a call', async () => {
    await expect(authProvider.check()).resolves.toEqual({ authenticated: false, redirectTo: '/store' });
    expect(server.requests).toHaveLength(0);
  });

  it('check with a token loads the base info once and keeps the type', async () => {
    localStorage.setItem('token', 'tok-b');
    server.on('GET /api/user/base', { data: { ...user, type: 'sup' } });
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    expect(server.requests[0].headers.authorization).toBe('Bearer tok-b');
    expect(localStorage.getItem('type')).toBe('sup');
    expect(authState.getUserInfo()?.username).toBe('alice');
    await authProvider.check();
    expect(server.calls('GET /api/user/base')).toHaveLength(1);
  });

  it('the route guard and Refine asking together for the base info share one call', async () => {
    localStorage.setItem('token', 'tok-c');
    server.on('GET /api/user/base', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { data: user };
    });
    const [guard, check] = await Promise.all([loadBaseInfo(), authProvider.check()]);
    expect(guard?.username).toBe('alice');
    expect(check).toEqual({ authenticated: true });
    expect(server.calls('GET /api/user/base')).toHaveLength(1);
  });

  it('check with a session the server says is gone (205) clears it and sends the visitor to /store', async () => {
    localStorage.setItem('token', 'tok-x');
    localStorage.setItem('type', 'user');
    server.on('GET /api/user/base', { code: 205, message: '账户已被禁用' });
    await expect(authProvider.check()).resolves.toEqual({ authenticated: false, redirectTo: '/store' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('type')).toBeNull();
  });

  it.each([
    ["a proxy's 502 page", { status: 502, raw: '<html><body>502 Bad Gateway</body></html>' }],
    ['a 500 envelope', { code: 500, message: '服务器错误' }],
  ])('check while the server answers %s keeps the session and asks again until it answers', async (_name, failure) => {
    localStorage.setItem('token', 'tok-r');
    localStorage.setItem('type', 'user');
    let calls = 0;
    server.on('GET /api/user/base', () => (++calls === 1 ? failure : { data: user }));
    const retries: number[] = [];
    const loaded = loadBaseInfo((retry) => retries.push(retry.tries));
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    expect((await loaded)?.username).toBe('alice');
    expect(retries).toEqual([1]);
    expect(server.calls('GET /api/user/base')).toHaveLength(2);
    expect(localStorage.getItem('token')).toBe('tok-r');
  });

  it("a refusal that is not about the session keeps it too, the spinner saying the server's words", async () => {
    localStorage.setItem('token', 'tok-q');
    let calls = 0;
    server.on('GET /api/user/base', () => (++calls === 1 ? { code: 429, message: '请求过于频繁' } : { data: user }));
    const said: string[] = [];
    expect((await loadBaseInfo((retry) => said.push(retry.message)))?.username).toBe('alice');
    expect(said).toEqual(['请求过于频繁，正在重试...']);
    expect(localStorage.getItem('token')).toBe('tok-q');
  });

  it('updatePassword posts the old and new password', async () => {
    server.on('POST /api/user/password', { data: null });
    await expect(authProvider.updatePassword!({ old_password: 'a', password: 'b' })).resolves.toMatchObject({ success: true });
    expect(server.requests[0].body).toEqual({ old_password: 'a', password: 'b' });
  });
});
