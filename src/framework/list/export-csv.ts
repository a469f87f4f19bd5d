import type { FieldDef } from '../declaration';
import { formatCount, plainMoney, valueAsText } from '../fields/format';
import { readPages, type PageSource } from './read-pages';

/** The most rows one export writes (a multiple of the page size readPages reads). */
export const EXPORT_MAX_ROWS = 100_000;

/** A cell a spreadsheet would read as a formula (or a DDE call) starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** `@zhangsan`: a handle names nothing that runs (no call, operator or pipe): left as written. */
const HANDLE = /^@[A-Za-z0-9_.]+$/;
/** `-12.5`: a plain number is read as that number, nothing more. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Text cells are defused with a leading apostrophe when a spreadsheet would run them: they start
 * with = + - @, a tab or a carriage return, unless they are plainly inert (a handle, a plain number).
 * So `-2+3+cmd|' /C calc'!A0` and `=HYPERLINK(...)` are escaped, `@zhangsan` is not. Number columns
 * never pass here: their values are written as numbers.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !HANDLE.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Column titles: money says its currency, since its cells are bare numbers. */
export function csvHeader(field: FieldDef): string {
  return field.type === 'money' ? `${field.label} ($)` : field.label;
}

/** A value as a spreadsheet should get it: money and counts as plain numbers, the rest as shown. */
export function csvValue(field: FieldDef, value: unknown, record: Record<string, unknown>, name: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'money') return plainMoney(value);
  if (field.type === 'int') return formatCount(value);
  return defuseFormula(valueAsText(field, value, record, name));
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * CSV text of the given columns over every row matching the filters, fetched page by page until a
 * short page, at most EXPORT_MAX_ROWS of them; `truncated` when more rows matched than were written.
 */
export async function exportCsv(
  p: PageSource & { columns: [string, FieldDef][] },
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const lines = [p.columns.map(([, f]) => quote(csvHeader(f))).join(',')];
  const { rows, truncated } = await readPages(p, EXPORT_MAX_ROWS, (records) => {
    for (const record of records) lines.push(p.columns.map(([name, f]) => quote(csvValue(f, record[name], record, name))).join(','));
  });
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows, truncated };
}
