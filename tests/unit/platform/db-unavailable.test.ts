/**
 * Which errors mean "the database is away, try again" (HTTP 503) and which are something else (a
 * refused query, an outbound call that failed): the real errors pg and Node raise, made here.
 */
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/platform/db/unavailable.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it('a refused connection from pg is', async () => {
    const port = await closedPort();
    const error = await new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' }).connect().catch((e) => e);
    expect(error.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // `localhost`: Node tries every address and gives all their refusals at once.
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([error, error]), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it("the pool's own words for a lost or unobtainable connection are", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it('PostgreSQL shutting down, starting up or out of connections is; a refused query is not', () => {
    const server = (code: string) => Object.assign(new pg.DatabaseError('x', 0, 'error'), { code, severity: 'FATAL' });
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) expect(isDatabaseUnavailable(server(code)), code).toBe(true);
    for (const code of ['23505', '40001', '42P01', '22P02', '28P01', '3D000'])
      expect(isDatabaseUnavailable(server(code)), code).toBe(false);
    // The same code on something that is not the server's answer means nothing here.
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(false);
  });

  it('an outbound HTTP call that could not connect is not (its cause carries the socket error)', async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e) => e);
    expect(error.cause?.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
