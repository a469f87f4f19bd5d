import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against a real hash when the user does not exist keeps the timing the same.
let dummy: Promise<string> | undefined;

export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
