/**
 * The shipped nginx site (deploy/nginx/code-console.conf) writes an access log an operator can keep
 * and share: the SMS-Activate protocol's api_key (in the query string), a device's key and the SMS it
 * glues to it, and API link tokens (/c/<token>, /api/code/<token>) never appear in it whole; the
 * requests do, their keys shortened as the app's own log shortens them, and so does a Referer naming
 * a link (the /c/<token> page's own reads send it). Runs the real nginx (CI installs it); without one
 * on this machine the test is skipped and says so.
 */
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { nginxBinary } from '../../helpers/nginx.js';
import { startShippedNginx, type ShippedNginx } from '../../helpers/shipped-nginx.js';
import { until } from '../../helpers/ports.js';

const API_KEY = 'sak_Q9vLx2TopSecretKey7781';
const LINK_TOKEN = 'Zk4pRt8WholeLinkToken0042';
const DEVICE_KEY = 'dvk_Mb71SecretDeviceKey';
const SMS = 'Your-code-553311';

/** GET over HTTPS (the certificate is the test's own); the status. */
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}

describe.skipIf(!nginxBinary())("the shipped nginx site's access log (needs nginx: apt-get install -y nginx)", () => {
  let s: TestServer;
  let nginx: ShippedNginx;

  beforeAll(async () => {
    s = await startServer('sqlite');
    nginx = await startShippedNginx(Number(new URL(s.url).port));
  });
  afterAll(async () => {
    await nginx?.stop();
    await s?.close();
  });

  it('holds the requests, but no API key, link token, device key or SMS', async () => {
    const urls = [
      `${nginx.httpsUrl}/stubs/handler_api.php?api_key=${API_KEY}&action=getBalance`,
      `${nginx.httpsUrl}/stubs/handler_api.php?action=getStatus&id=1&API_KEY=${API_KEY}`,
      `${nginx.httpsUrl}/c/${LINK_TOKEN}`,
      `${nginx.httpsUrl}/api/code/${LINK_TOKEN}?format=text`,
      `${nginx.httpsUrl}/api/ingest/sms/${DEVICE_KEY}&content=${SMS}&timestamp=1&sign=x`,
      // The plain-HTTP server only redirects, and logs too.
      `${nginx.httpUrl}/stubs/handler_api.php?api_key=${API_KEY}&action=getBalance`,
    ];
    for (const url of urls) {
      const status = url.startsWith('https:') ? await get(url) : (await fetch(url, { redirect: 'manual' })).status;
      expect(status, url).toBeGreaterThanOrEqual(200);
    }
    // The /c/<token> page's own reads carry it as their Referer (the browser's same-origin policy sends the whole address).
    urls.push(`${nginx.httpsUrl}/api/code/${LINK_TOKEN}?wait=0`);
    expect(await get(urls.at(-1)!, { referer: `${nginx.httpsUrl}/c/${LINK_TOKEN}?from=${API_KEY}` })).toBeGreaterThanOrEqual(200);
    const log = await until(
      'every request in the access log',
      () => {
        const text = nginx.accessLog();
        return text.trim().split('\n').length >= urls.length && text;
      },
      30_000,
      50,
    );

    expect(log).toContain('"GET /stubs/handler_api.php HTTP/');
    expect(log).toContain(`/c/${LINK_TOKEN.slice(0, 4)}…`);
    expect(log).toContain(`/api/code/${LINK_TOKEN.slice(0, 4)}…`);
    expect(log).toContain(`/api/ingest/sms/${DEVICE_KEY.slice(0, 4)}…`);
    expect(log).toContain(`"${nginx.httpsUrl}/c/${LINK_TOKEN.slice(0, 4)}…"`);
    for (const secret of [API_KEY, LINK_TOKEN, DEVICE_KEY, SMS, LINK_TOKEN.slice(0, 8), API_KEY.slice(-8)]) {
      expect(log.includes(secret), `the access log holds ${secret.slice(0, 6)}…:\n${log}`).toBe(false);
    }
    expect(log).not.toContain('api_key');
    expect(log).not.toContain('?');
  });
});
