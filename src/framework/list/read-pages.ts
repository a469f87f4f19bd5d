import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';

export interface PageSource {
  dataProvider: DataProvider;
  resource: string;
  filters: CrudFilter[];
  sorters?: CrudSort[];
}

const BATCH = 1000;

/**
 * Every row of a list matching its filters, page by page, handed to `onPage` as each page arrives,
 * until a short page or `maxRows` rows (a multiple of the page size). A list's `total` is no guide:
 * a server may stop counting (and say `capped`) long before the rows end. `truncated`: more rows
 * matched than were read.
 */
export async function readPages(
  p: PageSource,
  maxRows: number,
  onPage: (rows: Record<string, unknown>[]) => void,
): Promise<{ rows: number; truncated: boolean }> {
  let rows = 0;
  let full = true;
  for (let page = 1; full && rows < maxRows; page += 1) {
    const data = await pageOf(p, page, BATCH);
    onPage(data);
    rows += data.length;
    full = data.length === BATCH;
  }
  // The limit reached on a full page: one row past it tells whether there were more.
  const truncated = full && (await pageOf(p, maxRows + 1, 1)).length > 0;
  return { rows, truncated };
}

async function pageOf(p: PageSource, page: number, size: number): Promise<Record<string, unknown>[]> {
  const { data } = await p.dataProvider.getList({
    resource: p.resource,
    pagination: { currentPage: page, pageSize: size, mode: 'server' },
    filters: p.filters,
    sorters: p.sorters,
  });
  return data as Record<string, unknown>[];
}
