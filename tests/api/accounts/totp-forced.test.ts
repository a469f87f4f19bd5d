/**
 * 强制管理员两步验证: once the owner turns it on, a sup without TOTP is told so at login and every
 * other call is refused (403, `data.totp_setup_required`) until the setup is done; customers are not
 * concerned. And `npm run admin -- reset-password <name> --clear-totp` as an operator types it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { dropPgDatabase, envFor, freshPgDatabase, npmRun, serveDataDir } from '../../helpers/data-dir-server.js';
import { codeAt } from '../../helpers/totp-code.js';

const STEP = 30_000;

/** Turns TOTP on for a logged-in account; answers its secret. */
async function enableFor(s: Pick<TestServer, 'post' | 'clock'>, token: string): Promise<string> {
  const setup = await s.post('/api/user/totp/setup', {}, token);
  expect(setup.code, setup.message).toBe(200);
  const enabled = await s.post('/api/user/totp/enable', { code: codeAt(setup.data.secret, s.clock.now()) }, token);
  expect(enabled.code, enabled.message).toBe(200);
  return setup.data.secret;
}

describe.each(dbKinds)('forced two-step login for sup accounts on %s', (kind) => {
  let s: TestServer;
  let owner: string;
  let ownerSecret: string;

  beforeAll(async () => {
    s = await startServer(kind);
    owner = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  it('only a sup with two-step login on may turn the requirement on; the sups see it, the public does not', async () => {
    const early = await s.post('/api/config/edit', { require_sup_totp: true }, owner);
    expect(early.code).toBe(409);
    expect(early.message).toContain('两步验证');
    expect((await s.get('/api/config/index')).data.require_sup_totp).toBeUndefined();
    expect((await s.get('/api/user/totp/info', owner)).data.require_sup_totp).toBe(false);

    const customer = await s.addCustomer(owner, 'forced_customer');
    expect((await s.post('/api/config/edit', { require_sup_totp: true }, customer.token)).code).toBe(403);

    ownerSecret = await enableFor(s, owner);
    const on = await s.post('/api/config/edit', { require_sup_totp: true }, owner);
    expect(on.code, on.message).toBe(200);
    expect(on.data.require_sup_totp).toBe(true);
    expect((await s.get('/api/user/totp/info', owner)).data).toMatchObject({
      require_sup_totp: true,
      may_change_security: true,
      setup_required: false,
    });
    // The owner with TOTP on goes on working.
    expect((await s.post('/api/user/data', {}, owner)).code).toBe(200);
  });

  it('a sup without TOTP logs in, is told to set it up, and can do nothing else until it is done', async () => {
    const added = await s.post('/api/user/add', { username: 'second_sup', password: 'Second-pass-1', type: 'sup', role: 'owner' }, owner);
    expect(added.code, added.message).toBe(200);
    const login = await s.post('/api/user/login', { username: 'second_sup', password: 'Second-pass-1' });
    expect(login.code).toBe(200);
    expect(login.data.totp_setup_required).toBe(true);
    const token = login.data.token as string;

    for (const [method, p] of [
      ['POST', '/api/user/data'],
      ['GET', '/api/statistics/index'],
      ['POST', '/api/goods/data'],
      ['POST', '/api/config/edit'],
    ] as const) {
      const r = await s.call(method, p, { token, body: method === 'POST' ? { content: 'x' } : undefined });
      expect(r.code, p).toBe(403);
      expect(r.data?.totp_setup_required, p).toBe(true);
      expect(chinese(r.message)).toBe(true);
    }
    // What the setup screen needs still answers.
    expect((await s.get('/api/user/base', token)).code).toBe(200);
    expect((await s.get('/api/user/totp/info', token)).data).toMatchObject({ enabled: false, setup_required: true });
    expect((await s.get('/api/user/logins', token)).code).toBe(200);

    const secret = await enableFor(s, token);
    expect((await s.get('/api/user/totp/info', token)).data.setup_required).toBe(false);
    expect((await s.post('/api/user/data', {}, token)).code).toBe(200);

    // While the requirement stands a sup cannot turn TOTP off; the next login asks for the code.
    s.clock.advance(STEP);
    const off = await s.post('/api/user/totp/disable', { code: codeAt(secret, s.clock.now()) }, token);
    expect(off.code).toBe(403);
    const again = await s.post('/api/user/login', { username: 'second_sup', password: 'Second-pass-1' });
    expect(again.data.totp_required).toBe(true);
  });

  it('customers are not concerned', async () => {
    const customer = await s.addCustomer(owner, 'forced_customer2');
    const login = await s.post('/api/user/login', { username: 'forced_customer2', password: 'Customer-pass-1' });
    expect(login.code).toBe(200);
    expect(login.data.totp_setup_required).toBeUndefined();
    expect((await s.get('/api/statistics/index', customer.token)).code).toBe(200);
  });

  it('turned off again, a sup without TOTP works as before', async () => {
    expect((await s.post('/api/config/edit', { require_sup_totp: false }, owner)).code).toBe(200);
    const added = await s.post('/api/user/add', { username: 'third_sup', password: 'Third-pass-1', type: 'sup', role: 'owner' }, owner);
    expect(added.code).toBe(200);
    const login = await s.post('/api/user/login', { username: 'third_sup', password: 'Third-pass-1' });
    expect(login.data.totp_setup_required).toBeUndefined();
    expect((await s.post('/api/user/data', {}, login.data.token)).code).toBe(200);
    // Only the owner changes the switch: a staff sup is refused and told so on its screen.
    const op = await s.post(
      '/api/user/add',
      { username: 'forced_operator', password: 'Operator-pass-1', type: 'sup', role: 'operator' },
      owner,
    );
    expect(op.code, op.message).toBe(200);
    const opToken = await s.login('forced_operator', 'Operator-pass-1');
    expect((await s.get('/api/user/totp/info', opToken)).data.may_change_security).toBe(false);
    expect((await s.post('/api/config/edit', { require_sup_totp: true }, opToken)).code).toBe(403);
    // The owner's own two-step login stays on: the password alone is not enough, the code is.
    const plain = await s.post('/api/user/login', { username: SUP.username, password: SUP.password });
    expect(plain.data.totp_required).toBe(true);
    s.clock.advance(60_000);
    const withCode = await s.post('/api/user/login', {
      username: SUP.username,
      password: SUP.password,
      totp: codeAt(ownerSecret, s.clock.now()),
    });
    expect(withCode.code, withCode.message).toBe(200);
  });
});

describe.each(dbKinds)('npm run admin -- reset-password --clear-totp on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'totp-admin-'));
  let databaseUrl: string | undefined;
  let s: TestServer;

  beforeAll(async () => {
    if (kind === 'postgres') databaseUrl = await freshPgDatabase('totp_admin');
    s = await serveDataDir(dataDir, databaseUrl);
  });
  afterAll(async () => {
    await s?.close();
    if (databaseUrl) await dropPgDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the new password last; the account logs in with it alone', async () => {
    const sup = await s.login(SUP.username, SUP.password);
    await enableFor(s, sup);
    expect((await s.post('/api/user/login', { username: SUP.username, password: SUP.password })).data.totp_required).toBe(true);

    const ran = await npmRun('admin', ['reset-password', SUP.username, '--clear-totp'], envFor(dataDir, databaseUrl));
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('已关闭该账号的两步验证');
    const login = await s.post('/api/user/login', { username: SUP.username, password: ran.lastLine });
    expect(login.code, login.message).toBe(200);
    expect((await s.get('/api/user/totp/info', login.data.token)).data.enabled).toBe(false);
  });
});
