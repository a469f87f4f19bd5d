/**
 * Opening a screen from a list: the router changes the address at once but keeps the list up until
 * the new screen's code has loaded. The list gives way at once, so its filters (a 名称 field as on the
 * form) cannot take typing meant for the form, and the form then comes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useEnvelopeServer } from '../providers/envelope-server';
import { here } from './harness';
import { openList, searchForm } from './list-helpers';
import { gadgetRows, ownerRows, testResources } from './test-config';

// Not preloaded: the form's code is fetched when 新建 is clicked, as in the browser.
const server = useEnvelopeServer();
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 2 } });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
});

describe('opening a screen from a list', () => {
  it('takes the list off the screen at once; the form follows', async () => {
    await openList({ defs: testResources, url: '/lab/gadgets', role: 'sup', waitFor: '探测器' });
    expect(searchForm()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建/ }));
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByText('探测器')).toBeNull();
    expect(await screen.findByText('新建小工具')).toBeTruthy();
    expect(here.path).toBe('/lab/gadgets/create');
    expect(screen.getByLabelText('名称')).toBeTruthy();
  });
});
