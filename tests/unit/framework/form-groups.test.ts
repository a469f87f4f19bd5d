/** A form's fields in their declared groups, and which groups start folded. */
import { describe, expect, it } from 'vitest';
import { atDefault, groupFields, groupsOf, openGroups } from '../../../src/framework/form/form-groups';
import type { FieldDef } from '../../../src/framework/declaration';

const fields: [string, FieldDef][] = [
  ['title', { label: '标题', type: 'text', group: 'basics' }],
  ['note', { label: '备注', type: 'text' }],
  ['rentable', { label: '可租用', type: 'bool', default: false, group: 'rental' }],
  ['price', { label: '价格', type: 'money', group: 'price' }],
  ['hours', { label: '最短租期', type: 'int', default: 4, group: 'rental' }],
  ['rate', { label: '每小时', type: 'money', default: 0, group: 'rental' }],
];
const groups = [
  { name: 'basics', title: '基本信息' },
  { name: 'price', title: '价格' },
  { name: 'rental', title: '租用', fold: true },
  { name: 'empty', title: '没有字段', fold: true },
];

describe('form groups', () => {
  it('ungrouped fields first, then the declared groups in order; a group with no field is left out', () => {
    expect(groupFields(groups, fields).map((g) => [g.title ?? '', g.fields.map(([n]) => n)])).toEqual([
      ['', ['note']],
      ['基本信息', ['title']],
      ['价格', ['price']],
      ['租用', ['rentable', 'hours', 'rate']],
    ]);
  });

  it('a foldable group starts folded while its fields are empty or at their defaults, open once one is set', () => {
    const g = groupFields(groups, fields);
    expect(openGroups(g, { rentable: false, hours: 4, rate: 0 })).toEqual(['', 'basics', 'price']);
    expect(openGroups(g, undefined)).toEqual(['', 'basics', 'price']);
    expect(openGroups(g, { rentable: true })).toContain('rental');
    expect(openGroups(g, { rate: 0.5 })).toContain('rental');
    expect(openGroups(g, { hours: '4' })).not.toContain('rental');
  });

  it('what counts as a default: empty, the declared default, a switch off', () => {
    expect(atDefault({ label: 'x', type: 'text' }, '')).toBe(true);
    expect(atDefault({ label: 'x', type: 'text' }, 'a')).toBe(false);
    expect(atDefault({ label: 'x', type: 'bool' }, false)).toBe(true);
    expect(atDefault({ label: 'x', type: 'int', default: 0 }, null)).toBe(true);
    expect(atDefault({ label: 'x', type: 'int', default: 0 }, 3)).toBe(false);
  });

  it('the groups holding named fields (to open where an error is)', () => {
    expect(groupsOf(groupFields(groups, fields), ['rate', 'title'])).toEqual(['basics', 'rental']);
  });
});
