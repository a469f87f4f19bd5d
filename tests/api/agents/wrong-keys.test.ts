/**
 * Wrong keys at `POST /api/agent/<id>` are limited per client address and per aggregator: past a
 * limit every call is answered as a wrong key (401 `wrong key`) without its key being checked, so
 * even the right key is refused, until the limit's minute refills. The aggregator's own address (one
 * that sent its right key) is not locked out by guesses from elsewhere (SQLite and PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { WRONG_KEYS_PER_AGGREGATOR, WRONG_KEYS_PER_SOURCE } from '../../../server/agents/wrong-keys.js';

const MINUTE = 60_000;
/** The clock stands still between calls: the buckets refill only when the test moves it. */
const T0 = Date.UTC(2026, 0, 5, 3, 0, 0);
const WRONG = { status: 401, json: { status: 'ERROR', error: 'wrong key' } };
const SERVICES = { status: 200, json: { status: 'SUCCESS', countryList: [] } };

describe.each(dbKinds)('wrong keys at the agent endpoint on %s', (kind) => {
  let s: TestServer;
  let sup: string;

  /** GET_SERVICES for aggregator `id` with `key`, from the client address `from` (the proxy's X-Forwarded-For). */
  const call = async (from: string, id: number, key: string) => {
    const res = await fetch(`${s.url}/api/agent/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ action: 'GET_SERVICES', key }),
    });
    return { status: res.status, json: await res.json() };
  };
  const add = async (name: string, key: string) => {
    const r = await s.post('/api/aggregator/add', { name, key, push_url: 'https://hub.example.com/push' }, sup);
    expect(r.code, r.message).toBe(200);
    return r.data.id as number;
  };

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { trustProxy: 1 } });
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  it('an address past its wrong keys is refused even the right key, unchecked, until its minute refills; others are not', async () => {
    const id = await add('GrizzlySMS', 'grizzly-key-0001');
    const burst = WRONG_KEYS_PER_SOURCE / 3;
    for (let i = 0; i < burst; i++) expect(await call('203.0.113.1', id, `guess-${i}`)).toEqual(WRONG);
    // Over the limit: the right key is not even looked at.
    expect(await call('203.0.113.1', id, 'grizzly-key-0001')).toEqual(WRONG);
    expect(await call('203.0.113.1', 999, 'anything')).toEqual(WRONG);
    // Another address, and the aggregator's own count (a third of its limit used), are untouched.
    expect(await call('203.0.113.2', id, 'grizzly-key-0001')).toEqual(SERVICES);
    // Refused calls counted nothing: a minute on, the address has its whole burst again.
    s.clock.advance(MINUTE);
    expect(await call('203.0.113.1', id, 'grizzly-key-0001')).toEqual(SERVICES);
  });

  it('guesses for one aggregator from many addresses lock it for new addresses, never for its own, nor another aggregator', async () => {
    const target = await add('SMSHUB', 'smshub-key-0001');
    const other = await add('OnlineSim', 'onlinesim-key-01');
    // The aggregator's own address has called with its key.
    expect(await call('198.51.100.7', target, 'smshub-key-0001')).toEqual(SERVICES);
    // Its limit's burst of guesses, spread over addresses that each stay under their own limit.
    const burst = WRONG_KEYS_PER_AGGREGATOR / 3;
    const perAddress = WRONG_KEYS_PER_SOURCE / 3 / 2;
    for (let i = 0; i < burst; i++) {
      expect(await call(`192.0.2.${1 + Math.floor(i / perAddress)}`, target, `guess-${i}`)).toEqual(WRONG);
    }
    // A new address, even with the right key, is refused unchecked; the aggregator's own is served.
    expect(await call('203.0.113.50', target, 'smshub-key-0001')).toEqual(WRONG);
    expect(await call('198.51.100.7', target, 'smshub-key-0001')).toEqual(SERVICES);
    expect(await call('203.0.113.50', other, 'onlinesim-key-01')).toEqual(SERVICES);
    s.clock.advance(MINUTE);
    expect(await call('203.0.113.50', target, 'smshub-key-0001')).toEqual(SERVICES);
  });
});
