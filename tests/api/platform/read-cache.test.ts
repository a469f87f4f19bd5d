/**
 * The short-lived read cache (sessions, recent notices): a process sees its own writes at once;
 * another process's writes, within READ_CACHE_MS; with READ_CACHE_MS=0, at once everywhere.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('read cache on %s', (kind) => {
  let s: TestServer;
  let peer: Caller;
  let supToken: string;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { readCacheMs: 1000 } });
    peer = await s.peer();
    supToken = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());
  afterEach(() => s.clock.reset());

  it("sees this process's own writes at once: a balance change, a revoked session, a new notice", async () => {
    const { id, token } = await s.addCustomer(supToken, 'cache_own', 'cache-pass-1');
    expect((await s.post('/api/user/info', undefined, token)).data.balance).toBe(0);
    expect((await s.post('/api/user/money', { id, amount: '5.25', remark: '测试' }, supToken)).code).toBe(200);
    expect((await s.post('/api/user/info', undefined, token)).data.balance).toBe(5.25);

    expect((await s.get('/api/notice/recent', token)).code).toBe(200);
    expect((await s.post('/api/notice/add', { title: '缓存公告', content: '<p>新</p>' }, supToken)).code).toBe(200);
    expect((await s.get('/api/notice/recent', token)).data.list[0].title).toBe('缓存公告');

    expect((await s.post('/api/user/edit', { id, status: 'disabled' }, supToken)).code).toBe(200);
    expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
  });

  it('refuses a session revoked by another process once READ_CACHE_MS has passed', async () => {
    const { token } = await s.addCustomer(supToken, 'cache_peer', 'cache-pass-2');
    expect((await s.post('/api/user/info', undefined, token)).code).toBe(200);
    const elsewhere = (await peer.post('/api/user/login', { username: 'cache_peer', password: 'cache-pass-2' })).data.token;
    const changed = await peer.post('/api/user/password', { old_password: 'cache-pass-2', password: 'cache-pass-3' }, elsewhere);
    expect(changed.code).toBe(200);
    s.clock.advance(1001);
    expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
  });

  it("shows another process's new notice once READ_CACHE_MS has passed", async () => {
    const token = await s.login(SUP.username, SUP.password);
    await s.get('/api/notice/recent', token);
    const peerSup = (await peer.post('/api/user/login', SUP)).data.token;
    // For everyone: the sup reading it is staff.
    expect((await peer.post('/api/notice/add', { title: '另一进程的公告', content: '<p>内容</p>', audience: 'all' }, peerSup)).code).toBe(
      200,
    );
    s.clock.advance(1001);
    expect((await s.get('/api/notice/recent', token)).data.list[0].title).toBe('另一进程的公告');
  });
});

describe.each(dbKinds)('read cache off on %s', (kind) => {
  let s: TestServer;
  afterAll(() => s?.close());

  it('with READ_CACHE_MS=0 a session revoked by another process is refused at once', async () => {
    s = await startServer(kind, { settings: { readCacheMs: 0 } });
    const peer = await s.peer();
    const supToken = await s.login(SUP.username, SUP.password);
    const { token } = await s.addCustomer(supToken, 'nocache_user', 'cache-pass-4');
    expect((await s.post('/api/user/info', undefined, token)).code).toBe(200);
    const elsewhere = (await peer.post('/api/user/login', { username: 'nocache_user', password: 'cache-pass-4' })).data.token;
    expect((await peer.post('/api/user/password', { old_password: 'cache-pass-4', password: 'cache-pass-5' }, elsewhere)).code).toBe(200);
    expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
  });
});
