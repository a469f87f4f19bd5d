/**
 * The console's CSV export against the real server: the list counts at most 10,000 rows
 * (`capped: true`), and the export still reads every matching row, page by page until a short page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from '@refinedev/core';
import { resources } from '../../../resources.config.js';
import { COUNT_CAP } from '../../../server/platform/crud/routes.js';
import { exportCsv } from '../../../src/framework/list/export-csv.js';
import { filtersToBody } from '../../../src/providers/data-provider.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const ROWS = COUNT_CAP + 2_345;

describe.each(dbKinds)('CSV export past the count cap on %s', (kind) => {
  let s: TestServer;
  let customer: { id: number; token: string };

  /** What the console's dataProvider sends for a list page, over the test server. */
  const dataProvider = (token: string) =>
    ({
      getList: async ({ resource, pagination, filters, sorters }) => {
        const { currentPage, pageSize } = pagination!;
        const r = await s.post(`/api/${resource}/data?page=${currentPage}&pageSize=${pageSize}`, filtersToBody(filters, sorters), token);
        if (r.code !== 200) throw new Error(r.message);
        return { data: r.data.list, total: r.data.total };
      },
    }) as Pick<DataProvider, 'getList'> as DataProvider;

  beforeAll(async () => {
    s = await startServer(kind);
    const sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'exporter');
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      user_id: customer.id,
      type: 'recharge_manual' as const,
      amount: i + 1,
      balance_before: 0,
      balance_after: 0,
      ref_type: null,
      ref_id: null,
      remark: `第 ${i + 1} 行`,
      create_at: 1_750_000_000_000 + i * 1000,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await s.database.db
        .insertInto('ledger')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  afterAll(() => s?.close());

  it('the list says 10,000 (capped); the export holds every one of the rows', async () => {
    const first = await s.post('/api/finance/data', {}, customer.token);
    expect([first.data.total, first.data.capped]).toEqual([COUNT_CAP, true]);
    const def = resources.ledger;
    const out = await exportCsv({
      dataProvider: dataProvider(customer.token),
      resource: def.api,
      filters: [],
      sorters: [{ field: 'id', order: 'asc' }],
      columns: [
        ['amount', def.fields.amount],
        ['remark', def.fields.remark],
      ],
    });
    expect(out.rows).toBe(ROWS);
    expect(out.truncated).toBe(false);
    const lines = out.csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1);
    expect(lines).toHaveLength(ROWS);
    expect(lines.at(-1)).toBe(`"${(ROWS / 100).toFixed(2)}","第 ${ROWS} 行"`);
  });
});
