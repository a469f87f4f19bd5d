/**
 * The console's files as the deployed nginx site sends them (deploy/nginx/code-console.conf, whose
 * static part tests/helpers/nginx.ts starts with `deployed`): over HTTPS, the build's Brotli file to
 * a browser that accepts it, its gzip file to one that takes only gzip, each the same script.
 */
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST } from './harness';
import { startServer, type TestServer } from '../helpers/server';
import { nginxBinary, nginxHasBrotli, startNginx, type Nginx } from '../helpers/nginx';

let s: TestServer;
let nginx: Nginx;

beforeAll(async () => {
  if (!nginxBinary()) return;
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  nginx = await startNginx({ upstreams: [Number(new URL(s.url).port)], deployed: { assets: DIST } });
});
afterAll(async () => {
  await nginx?.stop();
  await s?.close();
});

/** GET over HTTPS (the certificate is the test's own), the body as it came. */
function get(url: string, encoding: string): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false, headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe.skipIf(!nginxBinary())('the console files through nginx as deployed', () => {
  it("sends the build's .br to a browser that accepts Brotli, the .gz to one that takes gzip only", async () => {
    expect(nginxHasBrotli(), "nginx's Brotli module: apt-get install libnginx-mod-http-brotli-static").toBe(true);
    const entry = fs.readdirSync(path.join(DIST, 'assets')).find((name) => /^index-.*\.js$/.test(name))!;
    const script = fs.readFileSync(path.join(DIST, 'assets', entry));
    const br = await get(`${nginx.url}/assets/${entry}`, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(script)).toBe(true);
    const gz = await get(`${nginx.url}/assets/${entry}`, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(script)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
  });
});
