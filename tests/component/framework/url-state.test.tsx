import { describe, expect, it } from 'vitest';
import { decodeListState, encodeListState, toCrudFilters, type ListState } from '../../../src/framework/list/url-state';
import type { ResourceDef } from '../../../src/framework/declaration';
import { gadgets } from './test-config';

/** Every searchable type, plus an int eq and an int range. */
const def: ResourceDef = {
  ...gadgets,
  fields: {
    ...gadgets.fields,
    stock: { label: '库存', type: 'int', list: true, search: 'eq' },
    weight: { label: '重量', type: 'int', list: true, search: 'range' },
  },
};

const roundTrip = (state: ListState) => decodeListState(def, new URLSearchParams(encodeListState(def, state).toString()));
const state = (filters: Record<string, unknown>, extra: Partial<ListState> = {}): ListState => ({
  page: 1,
  pageSize: 20,
  sort: undefined,
  filters,
  ...extra,
});

describe('list state in the URL', () => {
  it.each([
    ['text contains', { name: '探测 器~x&y=z' }],
    ['text that looks like a number stays text', { name: '007' }],
    ['text that looks like a boolean stays text', { name: 'true' }],
    ['enum eq', { kind: 'b' }],
    ['bool true', { active: true }],
    ['bool false', { active: false }],
    ['ref eq as a number', { owner: 7 }],
    ['int eq, zero included', { stock: 0 }],
    ['money range with decimals', { price: [10, 2000.5] }],
    ['money range from zero', { price: [0, 5] }],
    ['money range open above', { price: [5, ''] }],
    ['money range open below', { price: ['', 5] }],
    ['int range', { weight: [1, 3] }],
    ['datetime range', { made_at: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'] }],
    ['datetime range open above', { made_at: ['2024-01-01 00:00:00', ''] }],
    [
      'everything at once',
      {
        name: '探测',
        kind: 'a',
        active: true,
        owner: 8,
        stock: 3,
        price: [1, 2],
        weight: [0, 9],
        made_at: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'],
      },
    ],
  ])('%s survives the round trip', (_, filters) => {
    const x = state(filters);
    expect(roundTrip(x)).toEqual(x);
  });

  it.each([
    ['page and size', { page: 3, pageSize: 50 }],
    ['ascending sort', { sort: { field: 'price', order: 'asc' as const } }],
    ['descending sort', { sort: { field: 'made_at', order: 'desc' as const } }],
  ])('%s survive the round trip', (_, extra) => {
    const x = state({ name: 'a' }, extra);
    expect(roundTrip(x)).toEqual(x);
  });

  it('leaves defaults and empty filters out of the URL', () => {
    const params = encodeListState(def, state({ name: '', kind: undefined, price: ['', ''], made_at: [null, null], owner: null }));
    expect(params.toString()).toBe('');
  });

  it('writes ranges as from~to and booleans as words', () => {
    const params = encodeListState(def, state({ price: [10, 20], active: false, made_at: ['2024-01-01 00:00:00', ''] }));
    expect(params.get('f_price')).toBe('10~20');
    expect(params.get('f_active')).toBe('false');
    expect(params.get('f_made_at')).toBe('2024-01-01 00:00:00~');
  });

  it('ignores what the declaration does not allow', () => {
    const decoded = decodeListState(
      def,
      new URLSearchParams('f_notes=x&f_secret=y&f_unknown=z&sort=kind&order=asc&pageSize=33&page=-4&f_active=maybe&f_owner=abc'),
    );
    expect(decoded).toEqual(state({}));
    const encoded = encodeListState(def, state({ notes: 'x', secret: 'y' }));
    expect(encoded.toString()).toBe('');
  });

  it('turns the state into Refine filters with the declared operators', () => {
    expect(toCrudFilters(def, { name: 'a', kind: 'b', price: [1, 2], active: false, stock: 0, owner: '', made_at: ['', ''] })).toEqual([
      { field: 'name', operator: 'contains', value: 'a' },
      { field: 'kind', operator: 'eq', value: 'b' },
      { field: 'price', operator: 'between', value: [1, 2] },
      { field: 'active', operator: 'eq', value: false },
      { field: 'stock', operator: 'eq', value: 0 },
    ]);
  });
});
