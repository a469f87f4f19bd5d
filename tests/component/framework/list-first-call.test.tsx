/**
 * The entry starts a list's first page before the list's code has loaded (src/app/App.tsx): it must
 * be the very call the list then makes, or the list would ask again and the early answer be wasted.
 * When that answer is in before the list is drawn, the list's first render has the rows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useEnvelopeServer } from '../providers/envelope-server';
import { setViewportWidth } from '../layout/viewport';
import { startEarly } from '../../../src/providers/http';
import { renderConsole } from './harness';
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

describe('a list whose first page is in before it is drawn', () => {
  afterEach(() => setViewportWidth(1280));

  it('draws its rows in its first render, asks for nothing again, and a phone gets every card', async () => {
    setViewportWidth(375);
    const many = Array.from({ length: 20 }, (_, i) => ({ ...gadgetRows[0], id: i + 1, name: `探测器 ${i + 1}` }));
    server.on('POST /api/gadget/data', { data: { list: many, total: 45 } });
    const found = listAt(testResources, '/lab/gadgets', '')!;
    startEarly(listCall('gadget', found.filters, found.sorters, found.page, found.pageSize));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50)); // the answer is in
    // The cards there when the list's panel first appears: its first render's.
    let first: string[] | null = null;
    const seen = new MutationObserver(() => {
      if (first === null && document.querySelector('.fw-panel'))
        first = [...document.querySelectorAll('.fw-card')].map((c) => c.textContent ?? '');
    });
    seen.observe(document.body, { childList: true, subtree: true });
    renderConsole({ defs: testResources, url: '/lab/gadgets', role: 'sup' });
    await waitFor(() => expect(document.querySelectorAll('.fw-card')).toHaveLength(20));
    seen.disconnect();
    expect(first!.length).toBeGreaterThan(0);
    expect(first![0]).toContain('探测器 1');
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });
});
