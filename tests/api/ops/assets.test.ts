/**
 * The built console's files: a script or style that is not there (an old page asking for the chunk
 * of a build that was replaced) is a 404, never the console's index.html with 200, which the browser
 * would run as a script and fail on with a blank screen. Console routes get the console's page
 * (console.html, which names the shell's files up front), the open screens their own page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, type TestServer } from '../../helpers/server.js';

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-NEW.js"></script>';
const CONSOLE = '<!doctype html><link rel="modulepreload" href="/assets/Shell-NEW.js"><div id="root"></div>';
const LOGIN = '<!doctype html><div id="root" data-prerendered="/login"></div>';
const LIST = '<!doctype html><link rel="modulepreload" href="/assets/List-NEW.js"><div id="root"></div>';

describe.each(dbKinds)("the console's files on %s", (kind) => {
  let s: TestServer;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.mkdirSync(path.join(staticDir, 'login'));
  fs.mkdirSync(path.join(staticDir, 'register'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(staticDir, 'console.html'), CONSOLE);
  fs.writeFileSync(path.join(staticDir, 'login', 'index.html'), LOGIN);
  fs.writeFileSync(path.join(staticDir, 'register', 'index.html'), INDEX);
  fs.mkdirSync(path.join(staticDir, 'items', 'api', 'token'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'items', 'api', 'token', 'index.html'), LIST);
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-NEW.js'), 'export const x = 1;');
  fs.writeFileSync(path.join(staticDir, 'assets', 'Screen-OLD.js'), 'export default 1;');

  const get = async (p: string) => {
    const res = await fetch(`${s.url}${p}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  beforeAll(async () => {
    s = await startServer(kind, { settings: { staticDir } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves a file of the build', async () => {
    const r = await get('/assets/index-NEW.js');
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/javascript/);
    expect(r.text).toBe('export const x = 1;');
  });

  it.each([
    '/assets/Screen-MISSING.js',
    '/assets/style-MISSING.css',
    '/assets/deep/x.js',
    '/robots.txt',
    '/images/logo.png',
    '/favicon.png',
  ])('answers 404 for a missing file, not the console page: %s', async (p) => {
    const r = await get(p);
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('id="root"');
    expect(r.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers "no icon" (204, empty) to the browser\'s own /favicon.ico when the build has none', async () => {
    const r = await get('/favicon.ico');
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });

  it('answers 404 for a file that was there when the server started and is gone since (a rebuild)', async () => {
    expect((await get('/assets/Screen-OLD.js')).status).toBe(200);
    fs.rmSync(path.join(staticDir, 'assets', 'Screen-OLD.js'));
    const r = await get('/assets/Screen-OLD.js');
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('id="root"');
  });

  it.each(['/system/notice', '/home', '/items/store?q=a.b', '/tokens/show/12'])(
    'gives the console page to a console route: %s',
    async (p) => {
      const r = await get(p);
      expect(r.status).toBe(200);
      expect(r.type).toMatch(/text\/html/);
      expect(r.text).toBe(CONSOLE);
    },
  );

  it('gives a screen whose page sits deeper its own page (/items/api/token), and its records the console page', async () => {
    expect((await get('/items/api/token')).text).toBe(LIST);
    expect((await get('/items/api/token?page=2')).text).toBe(LIST);
    expect((await get('/items/api/token/show/3')).text).toBe(CONSOLE);
  });

  it.each(['/register', '/'])("gives %s the app's plain page (an open screen: no console files to fetch)", async (p) => {
    const r = await get(p);
    expect(r.status).toBe(200);
    expect(r.text).toBe(INDEX);
  });

  it('gives console routes index.html when the build wrote no console page', async () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-older-'));
    fs.writeFileSync(path.join(older, 'index.html'), INDEX);
    const server = await startServer(kind, { settings: { staticDir: older } });
    try {
      const res = await fetch(`${server.url}/items/store`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    } finally {
      await server.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  });

  it('gives a pre-rendered screen its own page', async () => {
    const r = await get('/login');
    expect(r.status).toBe(200);
    expect(r.text).toBe(LOGIN);
  });
});
