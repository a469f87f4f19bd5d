import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { api, ApiError, client, request } from '../../../src/providers/http';
import { navigation } from '../../../src/providers/navigation';
import { authState } from '../../../src/providers/auth-state';
import { pointClientAt, rejection, startEnvelopeServer, useEnvelopeServer } from './envelope-server';

const server = useEnvelopeServer();
let went: string[];
beforeEach(() => {
  went = [];
  navigation.set((path) => { went.push(path); });
});

describe('the http client', () => {
  it('waits 60 s before giving up', () => {
    expect(client.defaults.timeout).toBe(60_000);
  });

  it('sends the bearer token when one is stored', async () => {
    localStorage.setItem('token', 'tok-123');
    await api.get('/api/user/base');
    expect(server.requests[0].headers.authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a token', async () => {
    await api.post('/api/user/info', {});
    expect(server.requests[0].headers).not.toHaveProperty('authorization');
    expect(server.requests[0].headers['content-type']).toMatch(/application\/json/);
  });

  it('stores the token a response sends back in its Authorization header', async () => {
    localStorage.setItem('token', 'old-token');
    server.on('GET /api/user/base', { data: { id: 1 }, headers: { Authorization: 'Bearer xyz' } });
    await api.get('/api/user/base');
    expect(localStorage.getItem('token')).toBe('xyz');
    await api.get('/api/notice/recent');
    expect(server.requests[1].headers.authorization).toBe('Bearer xyz');
  });

  it('keeps the stored token when a response carries none', async () => {
    localStorage.setItem('token', 'kept');
    await api.get('/api/notice/recent');
    expect(localStorage.getItem('token')).toBe('kept');
  });

  it('resolves code 200 with the envelope data, GET params and POST bodies as sent', async () => {
    server.on('POST /api/notice/data', (req) => ({ data: { echo: req.body, query: req.query } }));
    const data = await api.post('/api/notice/data', { title: '维护', popup: true, day: 3 }, { page: 2, pageSize: 10 });
    expect(data).toEqual({ echo: { title: '维护', popup: true, day: 3 }, query: { page: '2', pageSize: '10' } });
    expect(server.requests[0].method).toBe('POST');
  });

  it('resolves code 211 with its data and shows its message', async () => {
    server.on('POST /api/user/admin', { code: 211, message: '切换成功', data: { ok: 1 } });
    await expect(api.post('/api/user/admin', {})).resolves.toEqual({ ok: 1 });
    expect(await screen.findByText('切换成功')).toBeTruthy();
  });

  it.each([400, 402, 403, 409])('rejects code %i with an ApiError and toasts the message', async (code) => {
    server.on('POST /api/order/buy', { code, message: `失败原因-${code}`, data: null });
    const error = await rejection(api.post('/api/order/buy', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
    expect(error.message).toBe(`失败原因-${code}`);
    expect(await screen.findByText(`失败原因-${code}`)).toBeTruthy();
    expect(went).toEqual([]);
  });

  it("toasts 'Error' when a refusal has no message", async () => {
    server.on('POST /api/order/buy', { code: 400, message: '' });
    const error = await rejection(api.post('/api/order/buy', {}));
    expect(error.message).toBe('Error');
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  it('carries field errors of a 400 on the ApiError', async () => {
    server.on('POST /api/notice/add', { code: 400, message: '参数错误', data: { errors: { title: '标题不能为空' } } });
    const error = await rejection(api.post('/api/notice/add', {}));
    expect(error.errors).toEqual({ title: '标题不能为空' });
  });

  it('does not toast a refusal of a silent call', async () => {
    server.on('POST /api/notice/add', { code: 409, message: '静默的失败' });
    await rejection(api.post('/api/notice/add', {}, undefined, { silent: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('静默的失败')).toBeNull();
  });

  it.each([203, 204, 205])('on code %i asks to log in again, clears the session and goes to /login', async (code) => {
    localStorage.setItem('token', 'gone');
    localStorage.setItem('type', 'sup');
    authState.setUserInfo({ id: 1, username: 'a' } as any);
    server.on('POST /api/user/info', { code, message: `会话失效${code}` });
    const error = await rejection(api.post('/api/user/info', {}));
    expect(error.code).toBe(code);
    const title = await screen.findByText(`会话失效${code} 需要重新登录`);
    const notice = title.closest('.ant-notification-notice') as HTMLElement;
    expect(within(notice).getByText('请重新登录')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('type')).toBeNull();
    expect(authState.getUserInfo()).toBeNull();
    expect(went).toEqual(['/login']);
  });

  it.each([
    ['/api/user/login', 203], ['/api/user/login', 204], ['/api/user/login', 205],
    ['/api/user/register', 203], ['/api/user/register', 205], ['/api/store/list', 204],
  ])('on %s a code %i is an ordinary refusal: the token stays', async (path, code) => {
    localStorage.setItem('token', 'stays');
    localStorage.setItem('type', 'user');
    server.on(`POST ${path}`, { code, message: `账号或密码错误${code}` });
    const error = await rejection(api.post(path, {}));
    expect(error.code).toBe(code);
    expect(await screen.findByText(`账号或密码错误${code}`)).toBeTruthy();
    expect(screen.queryByText(`账号或密码错误${code} 需要重新登录`)).toBeNull();
    expect(localStorage.getItem('token')).toBe('stays');
    expect(localStorage.getItem('type')).toBe('user');
    expect(went).toEqual([]);
  });

  it('reads an envelope sent with an HTTP error status', async () => {
    server.on('POST /api/user/login', { status: 429, code: 429, message: '请求过于频繁，请稍后再试' });
    const error = await rejection(api.post('/api/user/login', {}));
    expect(error.code).toBe(429);
    expect(await screen.findByText('请求过于频繁，请稍后再试')).toBeTruthy();
  });

  it('says "服务器错误 (502)" when the answer is an HTTP error without an envelope, and a 404 page as a failed request', async () => {
    server.on('GET /api/user/base', { status: 502, raw: '<html>Bad Gateway</html>' });
    const error = await rejection(api.get('/api/user/base'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('服务器错误 (502)');
    expect(await screen.findByText('服务器错误 (502)')).toBeTruthy();
    server.on('GET /api/nowhere', { status: 404, raw: 'Not Found' });
    expect((await rejection<ApiError>(api.get('/api/nowhere'))).message).toBe('请求失败 (404)');
    expect(document.body.textContent).not.toMatch(/Request failed|status code/);
  });

  it('says the connection failed, in Chinese, once however many calls failed with it', async () => {
    const gone = await startEnvelopeServer();
    await gone.close();
    pointClientAt(gone);
    const errors = await Promise.all([api.get('/api/user/base'), api.get('/api/notice/recent'), api.post('/api/user/data', {})].map(rejection<ApiError>));
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error.code).toBe(0);
      expect(error.message).toBe('网络连接失败，请检查网络后重试');
    }
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Network Error|ECONNREFUSED/);
  });

  it('says so when a call times out', async () => {
    server.on('GET /api/slow', () => new Promise((resolve) => setTimeout(() => resolve({ data: 1 }), 400)));
    const error = await rejection(request({ method: 'GET', url: '/api/slow', timeout: 50 }));
    expect(error.message).toBe('请求超时，请稍后再试');
    expect(await screen.findByText('请求超时，请稍后再试')).toBeTruthy();
  });
});

describe('test isolation', () => {
  it('starts without the previous test\'s toasts', async () => {
    expect(screen.queryByText('请求超时，请稍后再试')).toBeNull();
  });
});
