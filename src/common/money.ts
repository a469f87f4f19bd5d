/** Dollars as the API sends them (2 decimals) to integer cents, so sums never drift. */
export function toCents(dollars: number | string | null | undefined): number {
  const n = Number(dollars ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** One way to show money and counts everywhere: the framework's. */
export { formatCount, formatMoney } from '../framework/fields/format';

/** `a - b` in dollars, computed in cents. */
export function subtractMoney(a: number | string | null | undefined, b: number | string | null | undefined): number {
  return (toCents(a) - toCents(b)) / 100;
}

/** `a + b` in dollars, computed in cents. */
export function addMoney(a: number | string | null | undefined, b: number | string | null | undefined): number {
  return (toCents(a) + toCents(b)) / 100;
}
