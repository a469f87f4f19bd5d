/**
 * deploy/nginx/code-console.conf itself, as shipped, run by a real nginx in front of one server
 * process: only what names the machine is replaced (ports on 127.0.0.1, the certificate, made here,
 * self-signed; the log, dist/ and ACME folders, in a temp dir). The site's own directives (its maps,
 * log format, proxying) are the file's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { nginxBinary, nginxHasBrotli, selfSigned } from './nginx.js';
import { freePort, GiveUp, until } from './ports.js';

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
  const child = spawn(bin, ['-p', dir, '-c', conf, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const errors = () => output + read(errorLog);
  await until(
    'nginx listening',
    async () => {
      if (child.exitCode !== null) throw new GiveUp(`nginx exited (${child.exitCode}): ${errors()}`);
      return new Promise<boolean>((resolve) => {
        const s = net.connect(httpsPort, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
    },
    30_000,
    50,
  ).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    accessLog: () => read(path.join(dir, 'code-console.access.log')),
    errors,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
