/**
 * A server fixture (tests/api/fixtures/*.ts) run as a real child process, as production runs it:
 * started with tsx, ready once it prints `LISTENING <url>` on stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export async function startChildServer(fixture: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
