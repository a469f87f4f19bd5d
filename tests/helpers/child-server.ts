/**
 * A server fixture (tests/api/fixtures/*.ts) run as a real child process, as production runs it:
 * started with tsx, ready once it prints `LISTENING <url>` on stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export async function startChildServer(fixture: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const m = /LISTENING (\S+)/.exec(stderr);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${fixture} exited (${code}): ${stderr}`)));
  });
  return { child, url };
}

const LOG_SERVER = path.join(import.meta.dirname, '..', 'api', 'fixtures', 'log-server.ts');

/** What the log server answered a JSON POST: the envelope, its raw text, a rotated token's header. */
export interface LoggedAnswer {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers of every API
  json: any;
  text: string;
  header: string | null;
}

/**
 * The server as production runs it, its real logger at trace (fixtures/log-server.ts), in a child
 * process for the file's tests, for tests that read what it logs. `log()` resolves once the lines of
 * every call answered so far are in (they are written before a later call's own line) and returns them.
 */
export function useLogServer(supPassword: string) {
  let child: ChildProcess | undefined;
  let stdout = '';
  let marks = 0;
  const server = {
    url: '',
    async post(p: string, body: unknown, token?: string): Promise<LoggedAnswer> {
      const res = await fetch(server.url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { json: JSON.parse(text), text, header: res.headers.get('authorization') };
    },
    async log(): Promise<string> {
      const mark = `/api/log-mark-${++marks}`;
      await (await fetch(server.url + mark)).text();
      await waitFor(() => stdout.includes(mark));
      return stdout;
    },
  };
  beforeAll(async () => {
    ({ child, url: server.url } = await startChildServer(LOG_SERVER, { FIXTURE_SUP_PASSWORD: supPassword }));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
    });
  });
  afterAll(() => {
    child?.kill('SIGTERM');
  });
  return server;
}

async function waitFor(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
}
