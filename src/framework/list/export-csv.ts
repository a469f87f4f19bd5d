import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import type { FieldDef } from '../types';
import { valueAsText } from '../fields/format';

const BATCH = 1000;
const MAX_ROWS = 100_000;

function cell(text: string): string {
  // Quote every cell; a leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(text) && !/^-?[$\d]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** CSV text of the given columns over every row matching the filters (fetched page by page). */
export async function exportCsv(p: {
  dataProvider: DataProvider; resource: string; columns: [string, FieldDef][];
  filters: CrudFilter[]; sorters: CrudSort[];
}): Promise<{ csv: string; rows: number }> {
  const lines = [p.columns.map(([, f]) => cell(f.label)).join(',')];
  let rows = 0;
  for (let page = 1; rows < MAX_ROWS; page += 1) {
    const { data, total } = await p.dataProvider.getList({
      resource: p.resource, pagination: { currentPage: page, pageSize: BATCH, mode: 'server' },
      filters: p.filters, sorters: p.sorters,
    });
    for (const record of data as Record<string, unknown>[]) {
      lines.push(p.columns.map(([name, f]) => cell(valueAsText(f, record[name], record, name))).join(','));
    }
    rows += data.length;
    if (data.length < BATCH || rows >= (total ?? 0)) break;
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows };
}

export function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
