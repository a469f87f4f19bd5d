/** Money is integer cents inside; dollars with at most two decimals outside. */
const DOLLARS = /^-?\d{1,13}(\.\d{1,2})?$/;

/** Cents from a dollar amount given as a number or a string, or null when it is not one. */
export function toCents(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!DOLLARS.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
