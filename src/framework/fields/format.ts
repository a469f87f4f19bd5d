import type { FieldDef } from '../types';

/** `$1,234.50`, `-$5.00`: money always with two decimals and the dollar sign. */
export function formatMoney(value: unknown): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '-';
  const text = Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${Math.round(n * 100) < 0 ? '-' : ''}$${text}`;
}

/** Counts and ids: a whole number, no separators (an id of 1500 is not "1,500"). */
export function formatCount(value: unknown): string {
  const n = Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(n) ? '-' : Math.round(n).toFixed(0);
}

/** HTML as plain text: block tags and <br> become spaces, inline tags vanish, entities decoded, whitespace folded. */
export function htmlToText(html: unknown): string {
  return String(html ?? '').replace(/<(br|\/?(p|div|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre))\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

/** A field's value as text: what a cell shows, and what the CSV export writes. */
export function valueAsText(field: FieldDef, value: unknown, record: Record<string, unknown>, name: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'money': return formatMoney(value);
    case 'int': return formatCount(value);
    case 'decimal': return Number(value).toFixed(2);
    case 'bool': return value ? '是' : '否';
    case 'enum': return field.options?.[String(value)]?.label ?? String(value);
    case 'html': return htmlToText(value);
    case 'ref': return String(record[`${name}_label`] ?? value);
    default: return String(value);
  }
}
