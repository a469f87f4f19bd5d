/**
 * The server as an operator starts it: `server/main.ts` in a process of its own, by `npm start` or
 * by `node --import tsx server/main.ts` (what the service unit runs), on a DATA_DIR and database of
 * the test's choosing, a free port, and a console stand-in (STATIC_DIR) so no test builds the console.
 * OPS_ROOT runs another checkout's server with these tests (a copy of an older commit, to see a test
 * fail there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { freePort } from './ports.js';

export const ROOT = process.env.OPS_ROOT ?? path.resolve(import.meta.dirname, '..', '..');

export interface MainProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything it wrote so far, stdout and stderr, in order. */
  output(): string;
  stderr(): string;
  /** Settles when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The temp folders made here, removed after the test file (its servers are stopped by then: hooks run last-registered first). */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A console build of one page: enough for the server to serve a console, built in no time. */
export function consoleStandIn(): string {
  const dir = tempDir('ops-console-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>\n');
  return dir;
}

export function tempDir(prefix = 'ops-data-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export interface StartOptions {
  /** `npm start` (true) or node directly. */
  npm?: boolean;
  port?: number;
  env?: NodeJS.ProcessEnv;
}

/** The environment of a start: only what the test names (nothing inherited that would point elsewhere). */
export function baseEnv(dataDir: string, databaseUrl = '', more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    STATIC_DIR: consoleStandIn(),
    SMTP_PORT: '0',
    ADMIN_USERNAME: '',
    ADMIN_PASSWORD: '',
    DEVICE_SECRET_KEY: '',
    LOG_LEVEL: 'warn',
    BACKUP_INTERVAL_HOURS: '0',
    BACKUP_DIR: '',
    ...more,
  };
}

export async function spawnMain(env: NodeJS.ProcessEnv, opts: StartOptions = {}): Promise<MainProcess> {
  const port = opts.port ?? (await freePort());
  const fullEnv = { ...env, PORT: String(port), ...opts.env };
  const child = opts.npm
    ? spawn('npm', ['start'], { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
        cwd: ROOT,
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
  let all = '';
  let err = '';
  child.stdout!.on('data', (c) => {
    all += c;
  });
  child.stderr!.on('data', (c) => {
    all += c;
    err += c;
  });
  // 'close' comes once the process has ended and its output has been read to the end.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => all, stderr: () => err, exited };
}

/** Resolves once the server says it listens; rejects with its output if it ends first. */
export function listening(proc: MainProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (proc.output().includes('已启动')) {
        proc.child.stdout!.off('data', check);
        resolve();
      }
    };
    proc.child.stdout!.on('data', check);
    check();
    void proc.exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening:\n${proc.output()}`)));
  });
}

/** Starts a server and waits for it to listen. */
export async function startMain(env: NodeJS.ProcessEnv, opts: StartOptions = {}): Promise<MainProcess> {
  const proc = await spawnMain(env, opts);
  await listening(proc);
  return proc;
}

/**
 * Runs a start that is expected to fail, to its end. A start that listens instead is stopped and
 * reported as `listened` (so a test of a refusal fails at once, instead of waiting on a server).
 */
export async function failedStart(env: NodeJS.ProcessEnv, opts: StartOptions = {}) {
  const proc = await spawnMain(env, opts);
  const listened = await Promise.race([
    listening(proc).then(
      () => true,
      () => false,
    ),
    proc.exited.then(() => false),
  ]);
  if (listened) await stopMain(proc);
  const { code } = await proc.exited;
  return { listened, code, output: proc.output(), stderr: proc.stderr() };
}

/**
 * Ends what the test started (if still running) and waits for it: the process and its own process
 * group (each start gets one, `detached`), so a server left behind by npm goes too.
 */
export async function stopMain(proc: MainProcess | undefined): Promise<void> {
  if (!proc) return;
  try {
    process.kill(-proc.child.pid!, 'SIGKILL');
  } catch {
    /* the group is gone */
  }
  await proc.exited;
}

/** Whether something on this machine accepts connections on the port (a listener is holding it). */
export function portHeld(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** What a stack trace looks like: a line starting with "at " under an error. */
export const STACK_LINE = /^\s+at\s/m;

/** The lines of the output that are not npm's own (its banner and its error report). */
export function ownLines(output: string): string[] {
  return output.split('\n').filter((l) => l.trim() && !/^(> |npm (error|ERR!|warn))/.test(l));
}

/** Resolves once the process has printed `text` (its lines come in several writes). */
export async function printed(proc: MainProcess, text: string): Promise<void> {
  while (!proc.output().includes(text)) {
    if (proc.child.exitCode !== null) throw new Error(`exited before printing ${text}:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
