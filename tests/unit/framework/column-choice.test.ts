/** Which columns a list shows after a choice under 列设置, and how that choice is kept (pure functions). */
import { describe, expect, it } from 'vitest';
import { choiceOf, defaultColumns, parseChoice, visibleColumns, type Choosable } from '../../../src/framework/list/column-choice';
import { readColumnChoice, rememberColumnChoice } from '../../../src/framework/list/list-memory';

const columns: Choosable[] = [
  { name: 'id', byDefault: false },
  { name: 'title', byDefault: true },
  { name: 'price', byDefault: true },
  { name: 'sort', byDefault: false },
  { name: 'stock', byDefault: true },
];

/** A storage as the browser's localStorage behaves. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      items.set(k, v);
    },
    removeItem: (k: string) => {
      items.delete(k);
    },
  };
}

describe('the columns a list shows', () => {
  it('are the declared ones until someone chooses', () => {
    expect(visibleColumns(columns, null)).toEqual(['title', 'price', 'stock']);
  });

  it('follow a choice, in the declared order whatever order they were ticked in', () => {
    const choice = choiceOf(columns, ['sort', 'title', 'id']);
    expect(choice).toEqual({ shown: ['id', 'sort'], hidden: ['price', 'stock'] });
    expect(visibleColumns(columns, choice)).toEqual(['id', 'title', 'sort']);
  });

  it('keep a column the declaration adds later, and forget one it drops', () => {
    const choice = choiceOf(columns, ['title', 'sort']);
    const later: Choosable[] = [...columns.filter((c) => c.name !== 'sort'), { name: 'sold', byDefault: true }];
    expect(visibleColumns(later, choice)).toEqual(['title', 'sold']);
  });

  it('are the declared ones again when the choice is them (nothing to keep), or would leave none', () => {
    expect(choiceOf(columns, ['stock', 'price', 'title'])).toBeNull();
    expect(visibleColumns(columns, { shown: [], hidden: ['title', 'price', 'stock'] })).toEqual(['title', 'price', 'stock']);
  });

  it('are the first column when the declaration shows none from the start', () => {
    const optional = columns.map((c) => ({ ...c, byDefault: false }));
    expect(defaultColumns(optional)).toEqual(['id']);
    expect(visibleColumns(optional, choiceOf(optional, ['id', 'price']))).toEqual(['id', 'price']);
  });
});

describe('the remembered choice', () => {
  it('is kept per list and read back; 恢复默认 forgets it', () => {
    const storage = memoryStorage();
    rememberColumnChoice('goods', { shown: ['sort'], hidden: ['price'] }, storage);
    rememberColumnChoice('devices', { shown: ['remark'], hidden: [] }, storage);
    expect(readColumnChoice('goods', storage)).toEqual({ shown: ['sort'], hidden: ['price'] });
    expect(readColumnChoice('devices', storage)).toEqual({ shown: ['remark'], hidden: [] });
    rememberColumnChoice('goods', null, storage);
    expect(readColumnChoice('goods', storage)).toBeNull();
    expect([...storage.items.keys()]).toEqual(['list-columns:devices']);
  });

  it('is no choice when what is stored is not one', () => {
    for (const text of [null, '', 'not json', 'null', '[]', '{"shown":["a"]}', '{"shown":[1],"hidden":[]}']) {
      expect(parseChoice(text)).toBeNull();
    }
    expect(readColumnChoice('goods', null)).toBeNull();
  });
});
