/**
 * Probes and scrapes come every few seconds: /healthz, /readyz and /metrics are answered without a
 * request line in the log (the server's real logger, at its most talkative), other calls still have theirs.
 */
import { describe, expect, it } from 'vitest';
import { useLogServer } from '../../helpers/child-server.js';

describe('the log of health probes and metrics scrapes', () => {
  const server = useLogServer('Probe-log-secret-4412');

  it('holds no line for them, and the lines of other calls', async () => {
    for (let i = 0; i < 3; i++) {
      for (const p of ['/healthz', '/readyz', '/metrics']) expect((await fetch(server.url + p)).status).toBe(200);
    }
    expect((await server.post('/api/user/login', { username: 'admin', password: 'wrong-password-1' })).json.code).toBe(400);
    const stdout = await server.log();
    expect(stdout).toContain('/api/user/login');
    expect(stdout).not.toMatch(/\/healthz|\/readyz|\/metrics/);
  });
});
