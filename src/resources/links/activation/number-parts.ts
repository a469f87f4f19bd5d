import { COUNTRIES } from '../../../../names/country-names';

/** A number split as activation sites show it: `+62 | 9007934838`. */
export interface NumberParts {
  /** What 复制号码 copies: the whole number with its `+` (the identifier as stored when it cannot be split). */
  whole: string;
  /** `+62`; null when the number is not split (a mailbox, or digits that do not start with the country's prefix). */
  prefix: string | null;
  /** What 复制(不含区号) copies: the number without its country prefix. */
  national: string;
}

/** The shortest national part a split leaves (a prefix eating a short identifier is more likely a coincidence). */
const MIN_NATIONAL = 5;

/**
 * Splits a number by its product's country prefix (names/country-names.ts). Apps such as Telegram and
 * WhatsApp ask for the country apart, so the customer copies the national part alone. Anything that
 * is not plainly that country's prefix followed by digits is shown and copied as it is stored.
 */
export function numberParts(identifier: string, country: number | null | undefined): NumberParts {
  const asIs = { whole: identifier, prefix: null, national: identifier };
  const prefix = country === null || country === undefined ? undefined : COUNTRIES[country]?.[5];
  if (!prefix) return asIs;
  const compact = identifier.trim().replace(/[\s()-]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  const code = prefix.slice(1);
  if (!/^\d+$/.test(digits) || !digits.startsWith(code) || digits.length - code.length < MIN_NATIONAL) return asIs;
  return { whole: `+${digits}`, prefix, national: digits.slice(code.length) };
}
