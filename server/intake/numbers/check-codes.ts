import crypto from 'node:crypto';

/**
 * A check code is what the operator texts to a number to learn which device and slot hold it: `HD`
 * (核对) and six digits, `HD482913`, easy to type on any phone. The letters keep it apart from the
 * verification codes real SMS carry, so a code is only read where it stands as a word of its own.
 */
export const CHECK_PREFIX = 'HD';
const CODE_IN_TEXT = /(?:^|[^A-Za-z0-9])HD[\s-]?(\d{6})(?![0-9])/i;
const CODE_ALONE = /^\s*HD[\s-]?\d{6}\s*$/i;

/** How long a check code waits for its SMS. */
export const CHECK_VALID_MS = 24 * 3_600_000;

/** A fresh code, none of `taken`. */
export function newCheckCode(taken: ReadonlySet<string>): string {
  for (;;) {
    const code = `${CHECK_PREFIX}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
    if (!taken.has(code)) return code;
  }
}

/** The check code an SMS carries (as stored: `HD` and the digits), or null. */
export function checkCodeIn(text: string): string | null {
  const m = CODE_IN_TEXT.exec(text);
  return m ? `${CHECK_PREFIX}${m[1]}` : null;
}

/** The SMS is nothing but a check code: no link should take it, even when the code is unknown or too old. */
export function isOnlyCheckCode(text: string): boolean {
  return CODE_ALONE.test(text);
}
