/**
 * Stopping: SIGTERM and SIGINT stop accepting, answer the long polls held (`?wait=60`) at once with
 * what they have, close the database and exit 0, leaving the port free. `npm start` passes the signal
 * to the server: killing npm leaves no process holding the port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { baseEnv, portHeld, startMain, stopMain, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { dbKinds, SUP, type TestServer } from '../../helpers/server.js';

/** The calls the commerce helpers make, over HTTP to a server process. */
function callerOf(url: string): TestServer {
  const post = async (p: string, body?: unknown, token?: string) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    return { ...(await res.json()), status: res.status, headers: res.headers };
  };
  return { url, post } as unknown as TestServer;
}

async function loginAs(s: TestServer, username: string, password: string): Promise<string> {
  const r = await s.post('/api/user/login', { username, password });
  expect(r.code, r.message).toBe(200);
  return r.data.token;
}

/** A customer's link, bought through the API, with no code yet: a `?wait=` read on it is held. */
async function boughtLink(url: string): Promise<string> {
  const s = callerOf(url);
  const sup = await loginAs(s, SUP.username, SUP.password);
  const added = await s.post('/api/user/add', { username: 'signal_customer', password: 'Customer-pass-1' }, sup);
  expect(added.code, added.message).toBe(200);
  await credit(s, sup, added.data.id, 10);
  const goods = await addGoods(s, sup);
  await importLines(s, sup, goods, phones(1));
  const customer = await loginAs(s, 'signal_customer', 'Customer-pass-1');
  return (await buyOk(s, customer, goods)).tokens[0].token;
}

/** Resolves once the server holds a long poll (its gauge on /metrics, read from this machine). */
async function heldPoll(proc: MainProcess): Promise<void> {
  while (!/^long_polls_open 1$/m.test(await (await fetch(`${proc.url}/metrics`)).text())) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dbKinds)('stopping a server on %s', (kind) => {
  let databaseUrl = '';
  let proc: MainProcess | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') databaseUrl = await freshPgDatabase('ops_signals');
    proc = await startMain(baseEnv(tempDir(), databaseUrl, { ADMIN_PASSWORD: SUP.password, LOG_LEVEL: 'info' }));
  });
  afterAll(async () => {
    await stopMain(proc);
    await dropPgDatabase(databaseUrl || undefined);
  });

  // The read holds 60 s; this test's 45 s limit is only reached by a stop that waits the poll out.
  it(
    'SIGTERM during a held ?wait=60 read: the read answers at once with what it has, the process exits 0, the port is free',
    { timeout: 45_000 },
    async () => {
      const token = await boughtLink(proc!.url);
      const poll = fetch(`${proc!.url}/api/code/${token}?wait=60`).then(async (r) => ({ status: r.status, body: await r.json() }));
      await heldPoll(proc!);
      proc!.child.kill('SIGTERM');

      const answer = await poll;
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.code).toBeNull();
      expect(await proc!.exited).toEqual({ code: 0, signal: null });
      expect(proc!.output()).toContain('已停止');
      expect(await portHeld(proc!.port)).toBe(false);
    },
  );
});

describe('stopping through npm start, and with SIGINT', () => {
  const procs: MainProcess[] = [];
  afterAll(async () => {
    await Promise.all(procs.map(stopMain));
  });

  it('SIGTERM to npm start: npm passes it on, the server stops and exits 0, nothing holds the port', async () => {
    const npm = await startMain(baseEnv(tempDir()), { npm: true });
    procs.push(npm);
    npm.child.kill('SIGTERM');
    expect(await npm.exited).toEqual({ code: 0, signal: null });
    expect(npm.output()).toContain('已停止');
    expect(await portHeld(npm.port)).toBe(false);
  });

  it('SIGINT (Ctrl-C) to the server: exits 0, the port is free', async () => {
    const node = await startMain(baseEnv(tempDir()));
    procs.push(node);
    node.child.kill('SIGINT');
    expect(await node.exited).toEqual({ code: 0, signal: null });
    expect(await portHeld(node.port)).toBe(false);
  });
});
