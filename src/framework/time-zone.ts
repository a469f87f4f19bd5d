/**
 * The business time zone: the server sends times in it, and "today" (date presets, dated file
 * names) means today there. The app sets it once the server has named it; until then the browser's.
 */
let zone: string | undefined;
let formatter: Intl.DateTimeFormat | null = null;

export function setTimeZone(next: string | null | undefined): void {
  if ((next || undefined) === zone) return;
  zone = next || undefined;
  formatter = null;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in the business time zone. */
export function dateIn(ms: number = Date.now()): string {
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone name: the browser's own is the best guess left.
      formatter = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    }
  }
  const parts = formatter.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
