/**
 * The server as production runs it (`node --import tsx server/main.ts`, what `npm start` runs), as a
 * child process on a port of the test's choosing, so a test can kill it (-9) and start it again on
 * the same port behind a proxy. Ready once it answers on that port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { GiveUp, until } from './ports.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface AppProcess {
  port: number;
  url: string;
  /** The running child's pid (undefined while stopped). */
  readonly pid: number | undefined;
  /** Everything it printed, across its starts. */
  output(): string;
  /** Started and not exited since. */
  alive(): boolean;
  /** Starts it (again); resolves once it answers. */
  start(): Promise<void>;
  /** SIGKILL: no chance to finish anything, as when the machine loses the process. */
  kill9(): Promise<void>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export function appProcess(port: number, env: NodeJS.ProcessEnv): AppProcess {
  let child: ChildProcess | undefined;
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once('exit', () => resolve()));

  const proc: AppProcess = {
    port,
    url,
    get pid() {
      return child?.pid;
    },
    output: () => output,
    alive: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      const c = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      children.add(c);
      c.on('exit', () => children.delete(c));
      c.stdout!.on('data', (d) => {
        output += d;
      });
      c.stderr!.on('data', (d) => {
        output += d;
      });
      await until(
        `server on ${port} ready`,
        async () => {
          if (c.exitCode !== null) throw new GiveUp(`server on ${port} exited (${c.exitCode})`);
          const res = await fetch(`${url}/api/config/index`, { signal: AbortSignal.timeout(5000) });
          return res.ok;
        },
        120_000,
        200,
      ).catch((err) => {
        throw new Error(`${(err as Error).message}\n${output}`);
      });
    },
    async kill9() {
      if (!child) return;
      const c = child;
      child = undefined;
      c.kill('SIGKILL');
      await exited(c);
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = undefined;
      c.kill('SIGTERM');
      await exited(c);
    },
  };
  return proc;
}
