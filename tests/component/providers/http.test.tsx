import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { firstCallsAt } from '../../../src/app/first-calls';
import { storeApi } from '../../../src/pages/store/api';
import { api, ApiError, callParts, peekEarly, request, startEarly, TIMEOUT_MS, type RequestConfig } from '../../../src/providers/http';
import { navigation } from '../../../src/providers/navigation';
import { authState, type UserInfo } from '../../../src/providers/auth-state';
import { pointClientAt, rejection, startEnvelopeServer, useEnvelopeServer } from './envelope-server';

const server = useEnvelopeServer();
let went: string[];
beforeEach(() => {
  went = [];
  navigation.set((path) => {
    went.push(path);
  });
});

describe('the http client', () => {
  it('waits 60 s before giving up', () => {
    expect(TIMEOUT_MS).toBe(60_000);
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
    authState.setUserInfo({ id: 1, username: 'a' } as UserInfo);
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
    ['/api/user/login', 203],
    ['/api/user/login', 204],
    ['/api/user/login', 205],
    ['/api/user/register', 203],
    ['/api/user/register', 205],
    ['/api/store/list', 204],
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
    const errors = await Promise.all(
      [api.get('/api/user/base'), api.get('/api/notice/recent'), api.post('/api/user/data', {})].map(rejection<ApiError>),
    );
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

  it('gives up after the per-call timeout, not the default, and toasts nothing for a silent call', async () => {
    server.on('POST /api/user/logout', () => new Promise((resolve) => setTimeout(() => resolve({ data: null }), 1500)));
    const started = Date.now();
    const error = await rejection<ApiError>(request({ method: 'POST', url: '/api/user/logout', data: {}, timeout: 100 }, { silent: true }));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(0);
    expect(error.message).toBe('请求超时，请稍后再试');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('请求超时，请稍后再试')).toBeNull();
  });

  it('times out a response whose body is slow to come', async () => {
    // The headers and the start of the body come at once, the rest never: the timeout covers reading it too.
    const stalled = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' });
      res.write('{"code":200,');
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      pointClientAt({ url: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}` });
      const error = await rejection<ApiError>(request({ method: 'GET', url: '/api/drip', timeout: 200 }, { silent: true }));
      expect(error.message).toBe('请求超时，请稍后再试');
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it('serializes query params as before: null and undefined dropped, spaces as +, reserved characters escaped', async () => {
    server.on('GET /api/token/detail', (req) => ({ data: { url: req.url, query: req.query } }));
    const data = await api.get('/api/token/detail', {
      id: 7,
      page: 1,
      name: 'a b',
      text: 'x&y=z/é',
      keep: 'a:b,c$d',
      on: true,
      none: null,
      gone: undefined,
      empty: '',
    });
    expect(data.url).toBe('/api/token/detail?id=7&page=1&name=a+b&text=x%26y%3Dz%2F%C3%A9&keep=a:b,c$d&on=true&empty=');
    expect(data.query).toEqual({ id: '7', page: '1', name: 'a b', text: 'x&y=z/é', keep: 'a:b,c$d', on: 'true', empty: '' });
  });

  it('sends arrays as key[]=v, and a URL with no params as written', async () => {
    server.on('GET /api/echo', (req) => ({ data: req.url }));
    expect(await api.get('/api/echo', { ids: [1, 2, null] })).toBe('/api/echo?ids%5B%5D=1&ids%5B%5D=2');
    expect(await api.get('/api/echo', { gone: undefined })).toBe('/api/echo');
    expect(await api.get('/api/echo')).toBe('/api/echo');
    expect(server.requests.every((r) => r.body === undefined && !r.headers['content-type'])).toBe(true);
  });

  it('stores a rotated token that comes without the Bearer prefix, and sends it on the next call', async () => {
    authState.setToken('before', true);
    server.on('POST /api/user/admin', { data: { ok: 1 }, headers: { Authorization: 'rotated-456' } });
    await api.post('/api/user/admin', {});
    expect(server.requests[0].headers.authorization).toBe('Bearer before');
    expect(authState.getToken()).toBe('rotated-456');
    await api.post('/api/user/info', {});
    expect(server.requests[1].headers.authorization).toBe('Bearer rotated-456');
  });

  it('reads an envelope in a 500 answer: its message, field errors and a lost session', async () => {
    server.on('POST /api/notice/add', { status: 500, code: 500, message: '服务器内部错误', data: { errors: { title: '太长' } } });
    const error = await rejection<ApiError>(api.post('/api/notice/add', {}));
    expect(error.code).toBe(500);
    expect(error.message).toBe('服务器内部错误');
    expect(error.errors).toEqual({ title: '太长' });
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByText('服务器错误 (500)')).toBeNull();

    localStorage.setItem('token', 'gone');
    server.on('POST /api/user/info', { status: 401, code: 203, message: '登录已过期' });
    expect((await rejection<ApiError>(api.post('/api/user/info', {}))).code).toBe(203);
    expect(localStorage.getItem('token')).toBeNull();
    expect(went).toEqual(['/login']);
  });

  it('does not toast a call its caller abandoned', async () => {
    server.on('GET /api/slow', () => new Promise((resolve) => setTimeout(() => resolve({ data: 1 }), 300)));
    const abort = new AbortController();
    const call = rejection<ApiError>(request({ method: 'GET', url: '/api/slow', signal: abort.signal }));
    await new Promise((r) => setTimeout(r, 50));
    abort.abort();
    const error = await call;
    expect(error.code).toBe(0);
    expect(error.message).toBe('请求已取消');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('请求已取消')).toBeNull();
  });
});

describe('calls started ahead', () => {
  it('answers the same call from the one already sent, once', async () => {
    localStorage.setItem('token', 'early-token');
    let served = 0;
    server.on('POST /api/token/data', (req) => ({ data: { n: (served += 1), body: req.body, query: req.query } }));
    startEarly({ method: 'POST', url: '/api/token/data', data: { status: 1 }, params: { page: 1, pageSize: 20 } });
    const first = await api.post('/api/token/data', { status: 1 }, { page: 1, pageSize: 20 });
    expect(first).toEqual({ n: 1, body: { status: 1 }, query: { page: '1', pageSize: '20' } });
    expect(server.requests).toHaveLength(1);
    // Taken once: the next such call goes to the server.
    await expect(api.post('/api/token/data', { status: 1 }, { page: 1, pageSize: 20 })).resolves.toMatchObject({ n: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('sends a call that differs (body, page or account) afresh', async () => {
    localStorage.setItem('token', 'early-token');
    server.on('POST /api/token/data', (req) => ({ data: { auth: req.headers.authorization, query: req.query } }));
    startEarly({ method: 'POST', url: '/api/token/data', data: {}, params: { page: 1, pageSize: 20 } });
    await expect(api.post('/api/token/data', {}, { page: 2, pageSize: 20 })).resolves.toMatchObject({ query: { page: '2' } });
    localStorage.setItem('token', 'another-account');
    await expect(api.post('/api/token/data', {}, { page: 1, pageSize: 20 })).resolves.toMatchObject({ auth: 'Bearer another-account' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer early-token',
      'Bearer early-token',
      'Bearer another-account',
    ]);
  });

  it('shows the refusal of a call started ahead when its caller takes it, not before', async () => {
    server.on('GET /api/user/base', { code: 400, message: '早到的拒绝' });
    startEarly({ method: 'GET', url: '/api/user/base' });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('早到的拒绝')).toBeNull();
    const error = await rejection<ApiError>(api.get('/api/user/base'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('早到的拒绝');
    expect(await screen.findByText('早到的拒绝')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });
});

describe('answers of calls started ahead, handed over at once', () => {
  it('hands over an answer that is in, once, as its data; nothing while it is on its way', async () => {
    localStorage.setItem('token', 'early-token');
    let served = 0;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('GET /api/statistics/index', async () => {
      await held;
      return { data: { n: (served += 1) } };
    });
    startEarly({ method: 'GET', url: '/api/statistics/index' });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(peekEarly({ method: 'GET', url: '/api/statistics/index' })).toBeUndefined();
    release();
    await vi.waitFor(() => expect(peekEarly({ method: 'GET', url: '/api/statistics/index' })).toEqual({ n: 1 }));
    // Taken: neither a second look nor the call itself gets it again.
    expect(peekEarly({ method: 'GET', url: '/api/statistics/index' })).toBeUndefined();
    await expect(api.get('/api/statistics/index')).resolves.toEqual({ n: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it("leaves a refusal, a 211 and another account's answer to the call that takes them", async () => {
    localStorage.setItem('token', 'early-token');
    server.on('GET /api/user/base', { code: 400, message: '早到的拒绝' });
    server.on('GET /api/notice/recent', { code: 211, message: '有新公告', data: [] });
    server.on('GET /api/config/index', { data: { contact: 'x' } });
    for (const url of ['/api/user/base', '/api/notice/recent', '/api/config/index']) startEarly({ method: 'GET', url });
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 50));
    expect(peekEarly({ method: 'GET', url: '/api/user/base' })).toBeUndefined();
    expect(peekEarly({ method: 'GET', url: '/api/notice/recent' })).toBeUndefined();
    localStorage.setItem('token', 'another-account');
    expect(peekEarly({ method: 'GET', url: '/api/config/index' })).toBeUndefined();
    localStorage.setItem('token', 'early-token');
    await expect(rejection<ApiError>(api.get('/api/user/base'))).resolves.toMatchObject({ message: '早到的拒绝' });
    expect(await screen.findByText('早到的拒绝')).toBeTruthy();
    await expect(api.get('/api/notice/recent')).resolves.toEqual([]);
    expect(await screen.findByText('有新公告')).toBeTruthy();
    expect(peekEarly({ method: 'GET', url: '/api/config/index' })).toEqual({ contact: 'x' });
    expect(server.requests).toHaveLength(3);
  });

  it("gives API商城's declared first call, the products' first page, to the store's own call", async () => {
    localStorage.setItem('token', 'early-token');
    server.on('POST /api/store/data', (req) => ({ data: { list: [], total: 0, query: req.query, body: req.body } }));
    const declared = firstCallsAt('/items/store', '', () => true).filter((c) => c.url === '/api/store/data');
    expect(declared).toHaveLength(1);
    startEarly(declared[0]);
    await expect(storeApi.list(1)).resolves.toMatchObject({ total: 0, query: { page: '1', pageSize: '100' }, body: {} });
    expect(server.requests).toHaveLength(1);
  });
});

describe('calls the page sent before the app arrived (public/first-calls.js)', () => {
  const script = fs.readFileSync(path.resolve(__dirname, '../../../public/first-calls.js'), 'utf8');
  const BASE: RequestConfig = { method: 'GET', url: '/api/user/base' };
  const LIST: RequestConfig = { method: 'POST', url: '/api/token/data', data: { status: 1 }, params: { page: 1, pageSize: 20 } };
  /** The page as the build writes it: its first calls per role, then the script run. */
  const openPage = (calls: RequestConfig[]) => {
    const meta = document.createElement('meta');
    meta.name = 'first-calls';
    meta.content = JSON.stringify({ customer: calls.map(callParts), sup: [] });
    document.head.replaceChildren(meta);
    new Function(script)();
  };
  beforeEach(() => {
    delete (window as { firstCalls?: unknown }).firstCalls;
    delete (window as { appCalling?: unknown }).appCalling;
    localStorage.setItem('token', 'page-token');
    localStorage.setItem('type', 'user');
  });

  it("hands each answer to the same call the entry starts: one request each, with the session's token", async () => {
    let served = 0;
    server.on('POST /api/token/data', (req) => ({ data: { n: (served += 1), body: req.body, query: req.query } }));
    server.on('GET /api/user/base', (req) => ({ data: { auth: req.headers.authorization } }));
    openPage([BASE, LIST]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    // As the entry does (src/app/App.tsx), then the screen's own calls.
    startEarly(BASE);
    startEarly(LIST);
    await expect(api.get('/api/user/base')).resolves.toEqual({ auth: 'Bearer page-token' });
    await expect(api.post('/api/token/data', { status: 1 }, { page: 1, pageSize: 20 })).resolves.toEqual({
      n: 1,
      body: { status: 1 },
      query: { page: '1', pageSize: '20' },
    });
    expect(server.requests).toHaveLength(2);
    // Taken once: the next such call goes to the server.
    await expect(api.post('/api/token/data', { status: 1 }, { page: 1, pageSize: 20 })).resolves.toMatchObject({ n: 2 });
  });

  it("gives its answers to nothing but the entry's start: a later identical call goes to the server", async () => {
    let served = 0;
    server.on('POST /api/token/data', () => ({ data: { n: (served += 1) } }));
    openPage([LIST]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await expect(api.post('/api/token/data', { status: 1 }, { page: 1, pageSize: 20 })).resolves.toEqual({ n: 2 });
  });

  it("sends nothing without a session; the entry's call for another account goes afresh", async () => {
    localStorage.removeItem('token');
    openPage([LIST]);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(0);
    localStorage.setItem('token', 'page-token');
    server.on('POST /api/token/data', (req) => ({ data: { auth: req.headers.authorization } }));
    openPage([LIST]);
    localStorage.setItem('token', 'another-account');
    startEarly(LIST);
    await expect(api.post('/api/token/data', { status: 1 }, { page: 1, pageSize: 20 })).resolves.toEqual({
      auth: 'Bearer another-account',
    });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer page-token', 'Bearer another-account']);
  });

  it("sends nothing when it runs after the app has made a call (its answers would be older than the app's)", async () => {
    let served = 0;
    server.on('GET /api/user/base', () => ({ data: { n: (served += 1) } }));
    await expect(api.get('/api/user/base')).resolves.toEqual({ n: 1 });
    openPage([BASE]);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(1);
  });

  it("shows a refusal the page received when the screen's call takes it, as its own", async () => {
    server.on('GET /api/user/base', { code: 400, message: '页面早到的拒绝' });
    openPage([BASE]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    startEarly(BASE);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('页面早到的拒绝')).toBeNull();
    const error = await rejection<ApiError>(api.get('/api/user/base'));
    expect(error.message).toBe('页面早到的拒绝');
    expect(await screen.findByText('页面早到的拒绝')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });
});

describe('test isolation', () => {
  it("starts without the previous test's toasts", async () => {
    expect(screen.queryByText('请求超时，请稍后再试')).toBeNull();
  });
});
