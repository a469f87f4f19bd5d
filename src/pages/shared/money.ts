/** Dollars as the API sends them (2 decimals) to integer cents, so sums never drift. */
export function toCents(dollars: number | string | null | undefined): number {
  const n = Number(dollars ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** `$12.34`, `-$5.00`; money always shows 2 decimals. */
export function formatMoney(dollars: number | string | null | undefined): string {
  const cents = toCents(dollars);
  const text = (Math.abs(cents) / 100).toFixed(2);
  return cents < 0 ? `-$${text}` : `$${text}`;
}

/** Counts show no decimals. */
export function formatCount(n: number | string | null | undefined): string {
  const value = Number(n ?? 0);
  return Number.isFinite(value) ? Math.round(value).toFixed(0) : '0';
}

/** `a - b` in dollars, computed in cents. */
export function subtractMoney(a: number | string | null | undefined, b: number | string | null | undefined): number {
  return (toCents(a) - toCents(b)) / 100;
}

/** `a + b` in dollars, computed in cents. */
export function addMoney(a: number | string | null | undefined, b: number | string | null | undefined): number {
  return (toCents(a) + toCents(b)) / 100;
}
