/**
 * deploy/nginx/code-console.conf itself, as shipped, run by a real nginx in front of one server
 * process: only what names the machine is replaced (ports on 127.0.0.1, the certificate, made here,
 * self-signed; the log, dist/ and ACME folders, in a temp dir). The site's own directives (its maps,
 * log format, proxying) are the file's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxBinary, nginxHasBrotli, runNginx, selfSigned } from './nginx.js';
import { freePort } from './ports.js';

export const SHIPPED_SITE = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'code-console.conf');

export interface ShippedNginx {
  httpsUrl: string;
  httpUrl: string;
  /** The site's access log so far. */
  accessLog(): string;
  errors(): string;
  stop(): Promise<void>;
}

function siteFor(dir: string, appPort: number, httpPort: number, httpsPort: number): string {
  const site = fs
    .readFileSync(SHIPPED_SITE, 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:8081 .*\n/m, '')
    .replace('127.0.0.1:8080', `127.0.0.1:${appPort}`)
    .replace(/^\s*listen \[::\]:\d+.*\n/gm, '')
    .replace('listen 80 default_server;', `listen 127.0.0.1:${httpPort} default_server;`)
    .replace('listen 443 ssl http2 default_server;', `listen 127.0.0.1:${httpsPort} ssl http2 default_server;`)
    // Every host's certificate is the one made here.
    .replace('/etc/letsencrypt/live/$code_console_cert/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/letsencrypt/live/$code_console_cert/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('/var/log/nginx/', `${dir}/`)
    .replaceAll('/opt/code-console/dist', path.join(dir, 'dist'))
    .replaceAll('/var/www/letsencrypt', path.join(dir, 'acme'));
  return nginxHasBrotli() ? site : site.replace(/^\s*brotli_static on;\n/m, '');
}

export async function startShippedNginx(appPort: number): Promise<ShippedNginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('没有找到 nginx：apt-get install -y nginx');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-site-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.mkdirSync(path.join(dir, 'acme'));
  selfSigned(dir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  fs.writeFileSync(path.join(dir, 'site.conf'), siteFor(dir, appPort, httpPort, httpsPort));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `
daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
${nginxHasBrotli() ? 'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const errorLog = path.join(dir, 'error.log');
  const { errors, stop } = await runNginx(bin, dir, conf, errorLog, httpsPort);
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    accessLog: () => read(path.join(dir, 'code-console.access.log')),
    errors,
    stop,
  };
}
