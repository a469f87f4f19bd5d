/**
 * What each request costs in the log: one line, written once it is answered, with the method, the url
 * (keys masked), the status, the time taken and the client's address as the app sees it behind its
 * proxy (TRUST_PROXY=1: the address nginx appended to X-Forwarded-For, not the proxy's). The polls
 * scripts send a thousand times a second (code reads, long polls, getStatus) write none unless they
 * fail. The server runs in a child process with its real logger; the test reads its stdout.
 */
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../../helpers/child-server.js';
import { until } from '../../helpers/ports.js';

const FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'request-log-server.ts');
const SUP_PASSWORD = 'Request-log-secret-5520';
const CLIENT = '203.0.113.7';
const LINK = 'Qm3vUnknownLinkToken99';

interface Line {
  msg?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  ip?: string;
  req?: unknown;
  res?: unknown;
}

describe('the request log behind one proxy', () => {
  let child: ChildProcess | undefined;
  let url = '';
  let stdout = '';
  let marks = 0;

  beforeAll(async () => {
    ({ child, url } = await startChildServer(FIXTURE, { FIXTURE_SUP_PASSWORD: SUP_PASSWORD }));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
    });
  });
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  /** A call as it arrives through nginx: the client's address appended to X-Forwarded-For. */
  const viaProxy = (p: string, init: RequestInit = {}) =>
    fetch(url + p, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': CLIENT } });

  async function postJson(p: string, body: unknown, token?: string) {
    const res = await viaProxy(p, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers of every API
    return res.json() as Promise<any>;
  }

  /** The log's lines once every call answered so far is in it (a 404 of its own marks the end). */
  async function lines(): Promise<Line[]> {
    const mark = `/api/log-mark-${++marks}`;
    await (await viaProxy(mark)).text();
    await until('the mark in the log', () => stdout.includes(mark), 30_000, 20);
    return stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
  }

  it('one line per request, with the forwarded client address; none per poll', async () => {
    const sup = (await postJson('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).data.token as string;
    expect((await postJson('/api/user/add', { username: 'log_poller', password: 'Poller-secret-1' }, sup)).code).toBe(200);
    const customer = (await postJson('/api/user/login', { username: 'log_poller', password: 'Poller-secret-1' })).data.token as string;
    const key = (await postJson('/api/apikey/create', {}, customer)).data.key as string;
    for (let i = 0; i < 3; i++) expect((await viaProxy('/api/config/index')).status).toBe(200);

    const handler = `/stubs/handler_api.php?api_key=${key}`;
    for (let i = 0; i < 20; i++) {
      expect(await (await viaProxy(`${handler}&action=getStatus&id=${i + 1}`)).text()).toBe('NO_ACTIVATION');
      expect((await viaProxy(`/api/code/${LINK}?format=text`)).status).toBe(200);
      expect((await viaProxy(`/api/code/${LINK}?wait=1`)).status).toBe(200);
    }
    const form = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `api_key=${key}&action=getStatusV2&id=1`,
    };
    expect((await viaProxy('/stubs/handler_api.php', form)).status).toBe(200);
    expect(await (await viaProxy(`${handler}&action=getBalance`)).text()).toBe('ACCESS_BALANCE:0.00');

    const all = await lines();
    // Fastify's own pair ("incoming request", "request completed") is gone.
    expect(all.filter((l) => l.req !== undefined || l.res !== undefined)).toEqual([]);
    const requests = all.filter((l) => l.msg === 'request');
    const of = (p: string) => requests.filter((l) => l.url?.startsWith(p));
    expect(of('/api/config/index')).toHaveLength(3);
    expect(of('/api/user/login')).toHaveLength(2);
    expect(of('/stubs/handler_api.php?api_key=')).toHaveLength(1);
    expect(of('/stubs/handler_api.php?api_key=')[0].url).toContain('action=getBalance');
    expect(of('/api/code/')).toEqual([]);
    expect(requests.filter((l) => /getStatus/.test(l.url ?? '') || l.url === '/stubs/handler_api.php')).toEqual([]);
    for (const line of requests) {
      expect(line).toMatchObject({ ip: CLIENT, status: expect.any(Number), ms: expect.any(Number), method: expect.any(String) });
    }
    expect(stdout.includes(key)).toBe(false);
  });

  it('a poll that fails is logged', async () => {
    const bad = await viaProxy('/stubs/handler_api.php?action=getStatus&id=1', { method: 'PUT' });
    expect(bad.status).toBe(404);
    const requests = (await lines()).filter((l) => l.msg === 'request' && l.url === '/stubs/handler_api.php?action=getStatus&id=1');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', status: 404, ip: CLIENT });
  });
});
