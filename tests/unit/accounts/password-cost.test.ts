import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPassword, hashPassword } from '../../../server/accounts/password';

// The parameters argon2 writes into the hash: $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$...
const params = (stored: string) => /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)!.slice(1).map(Number);

describe('password hashing cost', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is argon2id at the library default (19 MiB, 2 passes) outside the tests, even with the test variable set', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('ARGON2_TEST_COST', 'cheap');
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(params(stored)).toEqual([19456, 2, 1]);
  });

  it('is cheap only under the test configuration, and either kind verifies', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('ARGON2_TEST_COST', 'cheap');
    const cheap = await hashPassword('correct horse');
    expect(params(cheap)).toEqual([1024, 1, 1]);
    vi.stubEnv('ARGON2_TEST_COST', '');
    const full = await hashPassword('correct horse');
    expect(params(full)).toEqual([19456, 2, 1]);
    for (const stored of [cheap, full]) {
      expect(await checkPassword(stored, 'correct horse')).toBe(true);
      expect(await checkPassword(stored, 'wrong horse')).toBe(false);
    }
  });
});
