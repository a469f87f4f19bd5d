import type { FieldDef } from '../declaration';

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** Whole cents of a dollar amount, or null when it is not a number. */
function centsOf(value: unknown): number | null {
  const n = Number(value);
  return empty(value) || !Number.isFinite(n) ? null : Math.round(n * 100);
}

/** `1,234.50` from cents: plain arithmetic, no locale formatter per call (lists format many cells). */
function dollars(cents: number): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/** `$1,234.50`, `-$5.00`: money always with two decimals and the dollar sign. */
export function formatMoney(value: unknown): string {
  const cents = centsOf(value);
  return cents === null ? '-' : `${cents < 0 ? '-' : ''}$${dollars(cents)}`;
}

/** A credit or a debit: `+$5.00`, `-$5.00` (zero has no sign). */
export function formatSignedMoney(value: unknown): string {
  const cents = centsOf(value);
  return cents === null ? '-' : `${cents > 0 ? '+' : cents < 0 ? '-' : ''}$${dollars(cents)}`;
}

/** -1, 0 or 1: whether a signed amount is a debit, nothing or a credit. */
export function signOf(value: unknown): number {
  return Math.sign(centsOf(value) ?? 0);
}

/** Money as a spreadsheet reads it: `1234.50`, `-5.00`, no sign of currency, no separators. */
export function plainMoney(value: unknown): string {
  const cents = centsOf(value);
  if (cents === null) return '';
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Counts and ids: a whole number, no separators (an id of 1500 is not "1,500"). */
export function formatCount(value: unknown): string {
  const n = Number(value);
  return empty(value) || !Number.isFinite(n) ? '-' : Math.round(n).toFixed(0);
}

/** HTML as plain text: block tags and <br> become spaces, inline tags vanish, entities decoded, whitespace folded. */
export function htmlToText(html: unknown): string {
  return String(html ?? '')
    .replace(/<(br|\/?(p|div|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre))\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Seconds left as people read them: `2天3小时`, `5小时12分`, `12分`, `不足1分`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '已到期';
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}天${h}小时`;
  if (h > 0) return `${h}小时${m}分`;
  return m > 0 ? `${m}分` : '不足1分';
}

/** A field's value as text: what a cell shows. */
export function valueAsText(field: FieldDef, value: unknown, record: Record<string, unknown>, name: string): string {
  if (empty(value)) return '';
  switch (field.type) {
    case 'money':
      return field.signed ? formatSignedMoney(value) : formatMoney(value);
    case 'int':
      if (field.duration) return formatDuration(Number(value));
      return field.zeroText && Number(value) === 0 ? field.zeroText : formatCount(value);
    case 'decimal':
      return Number(value).toFixed(2);
    case 'bool':
      return value ? '是' : '否';
    case 'enum':
      return field.options?.[String(value)]?.label ?? String(value);
    case 'html':
      return htmlToText(value);
    case 'ref':
      return String(record[`${name}_label`] ?? value);
    case 'changes':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}
