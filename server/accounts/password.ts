import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost. The test configuration
 * (vitest.config.ts) sets ARGON2_TEST_COST=cheap for the API tests, which hash thousands of
 * passwords; it counts only under Vitest (NODE_ENV=test), so a stray variable cannot weaken
 * production hashes. Verifying reads the cost from the stored hash either way.
 */
function cost(): Options | undefined {
  if (process.env.NODE_ENV === 'test' && process.env.ARGON2_TEST_COST === 'cheap') {
    return { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  }
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost());
}

// Verifying against a real hash when the user does not exist keeps the timing the same.
let dummy: Promise<string> | undefined;

export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('not-a-real-password', cost());
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
