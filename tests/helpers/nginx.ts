/**
 * A real nginx (Debian's package) in front of server processes, as production runs it: started by
 * the test as the current user with a config generated into a temp dir (pid, logs and temp files
 * there too), in the foreground, on a free port, balancing round robin over the given upstream ports.
 * Every answer carries `X-Upstream` (the process that served it) so a test can tell which one did.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, GiveUp, until } from './ports.js';

/** nginx's path, or null when it is not installed (`apt-get install -y nginx`). */
export function nginxBinary(): string | null {
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;
}

/** Debian's libnginx-mod-http-brotli-static: the deployed site sends the build's .br with it. */
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const nginxHasBrotli = (): boolean => fs.existsSync(BROTLI_STATIC);

export interface NginxOptions {
  /** The server processes' ports on 127.0.0.1. */
  upstreams: number[];
  workers?: number;
  /** Connections per worker (each proxied request holds two). */
  connections?: number;
  /**
   * As deploy/nginx/code-console.conf serves a phone: HTTPS with HTTP/2 (a self-signed certificate
   * made here), and the console's /assets/ from this built dir with their precompressed .br (where
   * Debian's brotli_static module is installed) or .gz.
   */
  deployed?: { assets: string };
}

export interface Nginx {
  url: string;
  port: number;
  dir: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * The proxying part of deploy/nginx/code-console.conf (no TLS, no static files: the app serves the
 * console here): HTTP/1.1 kept alive to the processes, a process that fails set aside for 5 s, a
 * request that could not reach one sent to the other, the client's address passed on, timeouts above
 * the 60 s long poll, long polls unbuffered.
 */
export function nginxConfig(dir: string, port: number, o: NginxOptions): string {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const brotli = o.deployed && nginxHasBrotli() ? `load_module ${BROTLI_STATIC};` : '';
  return `
daemon off;
${user}
${brotli}
worker_processes ${o.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${o.connections ?? 4096}; }
http {
  access_log off;
  # Load generators reuse one connection for many requests.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app {
${o.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port} backlog=4096${o.deployed ? ' ssl http2' : ''};${o.deployed ? deployedServer(dir, o.deployed.assets) : ''}
    client_max_body_size 4m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 5s;
    proxy_read_timeout 75s;
    proxy_send_timeout 75s;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://app;
    }
    location /api/code/ {
      proxy_pass http://app;
      proxy_buffering off;
    }
  }
}
`;
}

/** The TLS and static-file lines of the production server block (see NginxOptions.deployed). */
function deployedServer(dir: string, assets: string): string {
  return `
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    include /etc/nginx/mime.types;
    gzip on;
    gzip_proxied any;
    gzip_min_length 1024;
    gzip_types application/json text/plain text/csv text/css application/javascript image/svg+xml;
    location /assets/ {
      root ${path.resolve(assets)};
      ${nginxHasBrotli() ? 'brotli_static on;' : ''}
      gzip_static on;
      try_files $uri =404;
    }`;
}

/** A certificate for 127.0.0.1 valid for a day, in `dir` as key.pem and cert.pem (the browser is told to accept it). */
export function selfSigned(dir: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startNginx(o: NginxOptions): Promise<Nginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('没有找到 nginx：apt-get install -y nginx');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  const port = await freePort();
  if (o.deployed) selfSigned(dir);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, port, o));
  const errorLog = path.join(dir, 'error.log');
  const { errors, stop } = await runNginx(bin, dir, conf, errorLog, port);
  return {
    url: `${o.deployed ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    dir,
    errors,
    stop,
  };
}

/**
 * nginx started on `conf` with its prefix `dir`, once it accepts connections on `port`: what it and
 * its error log said, and stopping it (the directory removed with it).
 */
export async function runNginx(bin: string, dir: string, conf: string, errorLog: string, port: number) {
  // -e: the log before the config is read (else nginx opens /var/log/nginx/error.log first).
  const child = spawn(bin, ['-p', dir, '-c', conf, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const errors = () => output + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  await until(
    'nginx listening',
    async () => {
      if (child.exitCode !== null) throw new GiveUp(`nginx exited (${child.exitCode}): ${errors()}`);
      return new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
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
    errors,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      running.delete(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
