/** The in-memory token buckets: `wait` answers what `take` would, and counts nothing. */
import { describe, expect, it } from 'vitest';
import { Buckets } from '../../../server/platform/http/token-buckets.js';

describe('token buckets', () => {
  it('wait says whether a hit would be allowed without taking one', () => {
    const b = new Buckets(60, 3);
    const t = 1_000_000;
    expect(b.wait('a', t)).toBe(0);
    for (let i = 0; i < 3; i++) expect(b.take('a', t)).toBe(0);
    // Empty: both say one second (60 a minute), however often wait is asked.
    for (let i = 0; i < 5; i++) expect(b.wait('a', t)).toBe(1);
    expect(b.take('a', t)).toBe(1);
    // A second later one token is back: wait leaves it there for take.
    expect(b.wait('a', t + 1000)).toBe(0);
    expect(b.wait('a', t + 1000)).toBe(0);
    expect(b.take('a', t + 1000)).toBe(0);
    expect(b.wait('a', t + 1000)).toBe(1);
    expect(b.wait('b', t)).toBe(0);
  });
});
