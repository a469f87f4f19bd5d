/**
 * Who may read /metrics without a token: a connection from this machine's loopback (the socket's
 * address, whatever X-Forwarded-For says) that no proxy relayed.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { carriesToken, fromThisMachine, isLoopback } from '../../../server/platform/http/local-caller.js';

const request = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
  ({ raw: { socket: { remoteAddress } }, headers }) as unknown as FastifyRequest;

describe('the metrics caller decision', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.2', true],
    ['192.0.2.2', false],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fd00::2', false],
    ['128.0.0.1', false],
    ['::', false],
    ['0.0.0.0', false],
    ['', false],
    [undefined, false],
    ['127.0.0.1.example', false],
  ])('%j is loopback: %j', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });

  it('believes the socket, not X-Forwarded-For', () => {
    expect(fromThisMachine(request('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    expect(fromThisMachine(request('127.0.0.1'))).toBe(true);
  });

  it("takes a loopback request a proxy relayed (a forwarding header) as not this machine's", () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(fromThisMachine(request('127.0.0.1', { [header]: '203.0.113.5' })), header).toBe(false);
    }
  });

  it('accepts exactly the configured bearer token, and none when no token is configured', () => {
    const withAuth = (value: string) => ({ headers: { authorization: value } }) as unknown as FastifyRequest;
    expect(carriesToken(withAuth('Bearer s3cret-token'), 's3cret-token')).toBe(true);
    expect(carriesToken(withAuth('bearer s3cret-token'), 's3cret-token')).toBe(true);
    expect(carriesToken(withAuth('Bearer s3cret-tokeN'), 's3cret-token')).toBe(false);
    expect(carriesToken(withAuth('Bearer s3cret'), 's3cret-token')).toBe(false);
    expect(carriesToken(withAuth('Basic s3cret-token'), 's3cret-token')).toBe(false);
    expect(carriesToken(withAuth('Bearer undefined'), undefined)).toBe(false);
    expect(carriesToken(withAuth(''), '')).toBe(false);
  });
});
