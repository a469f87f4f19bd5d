/**
 * The CSV export reads every matching row, page by page until a short page, up to its own limit: the
 * list's `total` stops counting at 10,000 (the server's count cap), so it cannot say where to stop.
 */
import { describe, expect, it } from 'vitest';
import type { DataProvider } from '@refinedev/core';
import type { FieldDef } from '../../../resources.config.ts';
import { EXPORT_MAX_ROWS, exportCsv } from '../../../src/framework/list/export-csv';

/** The server's count cap: `total` never says more. */
const COUNT_CAP = 10_000;
const name: FieldDef = { label: '名称', type: 'text' };

/** A list of `rows` rows that answers like the server: pages as asked, total capped. */
function rowsOf(rows: number) {
  const pages: Array<{ page: number; size: number }> = [];
  const dataProvider = {
    getList: async ({ pagination }: { pagination: { currentPage: number; pageSize: number } }) => {
      const { currentPage: page, pageSize: size } = pagination;
      pages.push({ page, size });
      const from = (page - 1) * size;
      const data = Array.from({ length: Math.max(0, Math.min(size, rows - from)) }, (_, i) => ({
        id: from + i + 1,
        name: `行${from + i + 1}`,
      }));
      return { data, total: Math.min(rows, COUNT_CAP) };
    },
  } as unknown as DataProvider;
  return { dataProvider, pages };
}

const run = (dataProvider: DataProvider) =>
  exportCsv({ dataProvider, resource: 'things', columns: [['name', name]], filters: [], sorters: [] });
const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

describe('exportCsv past the count cap', () => {
  it('a list the server counts as 10,000 (capped) exports all 12,345 of its rows', async () => {
    const { dataProvider } = rowsOf(12_345);
    const out = await run(dataProvider);
    expect(out.rows).toBe(12_345);
    expect(out.truncated).toBe(false);
    const body = lines(out.csv);
    expect(body).toHaveLength(12_345);
    expect(body.at(-1)).toBe('"行12345"');
  });

  it('stops at its own limit and says the file was cut when more rows match', async () => {
    const { dataProvider } = rowsOf(EXPORT_MAX_ROWS + 50);
    const out = await run(dataProvider);
    expect(out.rows).toBe(EXPORT_MAX_ROWS);
    expect(out.truncated).toBe(true);
    expect(lines(out.csv)).toHaveLength(EXPORT_MAX_ROWS);
  });

  it('exactly as many rows as the limit: all of them, not called cut', async () => {
    const { dataProvider } = rowsOf(EXPORT_MAX_ROWS);
    const out = await run(dataProvider);
    expect(out.rows).toBe(EXPORT_MAX_ROWS);
    expect(out.truncated).toBe(false);
  });

  it('a list of whole pages ends at the first empty page', async () => {
    const { dataProvider, pages } = rowsOf(2000);
    const out = await run(dataProvider);
    expect(out.rows).toBe(2000);
    expect(pages.length).toBeLessThanOrEqual(3);
  });

  it('the limit is well above the count cap', () => {
    expect(EXPORT_MAX_ROWS).toBeGreaterThan(COUNT_CAP);
  });
});
