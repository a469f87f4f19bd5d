/**
 * The entry starts a list's first page before the list's code has loaded (src/app/App.tsx): it must
 * be the very call the list then makes, or the list would ask again and the early answer be wasted.
 */
import { describe, expect, it } from 'vitest';
import { useEnvelopeServer } from '../providers/envelope-server';
import { listAt } from '../../../src/framework/routes';
import { listCall } from '../../../src/providers/data-provider';
import { openList } from './list-helpers';
import { gadgetRows, testResources } from './test-config';

const server = useEnvelopeServer();

describe('a list’s first call, worked out from its address', () => {
  it('is the call the list makes: filters, range, sort and page from the address', async () => {
    server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 60 } });
    const search = '?f_name=%E6%8E%A2&f_price=1~5&f_active=true&sort=price&order=desc&page=2&pageSize=50';
    await openList({ defs: testResources, url: `/lab/gadgets${search}`, role: 'sup', waitFor: '探测器' });
    const found = listAt(testResources, '/lab/gadgets', search)!;
    const call = listCall('gadget', found.filters, found.sorters, found.page, found.pageSize);
    const made = server.requests.filter((r) => r.path === '/api/gadget/data');
    expect(made).toHaveLength(1);
    expect(made[0].body).toEqual(call.data);
    expect(made[0].query).toEqual({ page: '2', pageSize: '50' });
    expect(call.data).toEqual({ name: '探', price: [1, 5], active: true, sort: 'price', order: 'desc' });
  });

  it('is nothing for an address that is not a list', () => {
    expect(listAt(testResources, '/lab/gadgets/create', '')).toBeNull();
    expect(listAt(testResources, '/home', '')).toBeNull();
  });
});
