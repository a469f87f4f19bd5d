import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The console's bundle swaps the side-channel package for scripts/shims/side-channel.cjs
// (vite.config.ts): qs, under Refine, must stringify and parse exactly as with the package.
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../../..');
const shim = require(path.join(root, 'scripts/shims/side-channel.cjs')) as () => SideChannel;
type SideChannel = {
  get(k: unknown): unknown;
  set(k: unknown, v: unknown): void;
  has(k: unknown): boolean;
  delete(k: unknown): boolean;
  assert(k: unknown): void;
};
type Qs = { stringify(value: unknown, options?: object): string; parse(text: string, options?: object): unknown };

/** qs loaded afresh with `side-channel` resolving to the given module. */
function qsWith(sideChannel: unknown): Qs {
  const qsDir = path.dirname(require.resolve('qs/package.json'));
  for (const key of Object.keys(require.cache)) if (key.startsWith(qsDir)) delete require.cache[key];
  const resolved = require.resolve('side-channel', { paths: [qsDir] });
  const real = require.cache[resolved];
  require.cache[resolved] = { ...real!, exports: sideChannel } as NodeJS.Module;
  try {
    return require(qsDir) as Qs;
  } finally {
    if (real) require.cache[resolved] = real;
    else delete require.cache[resolved];
  }
}

describe('the side-channel shim', () => {
  it('keeps and forgets values by object and by primitive key, and asserts as the package does', () => {
    const channel = shim();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 1);
    channel.set('name', 2);
    expect([channel.get(key), channel.get('name'), channel.has(key)]).toEqual([1, 2, true]);
    expect(channel.delete(key)).toBe(true);
    expect(channel.get(key)).toBeUndefined();
  });

  it('gives qs the same strings and objects as the package, and the same refusal of a cycle', () => {
    const real = qsWith(require(require.resolve('side-channel', { paths: [path.dirname(require.resolve('qs/package.json'))] })));
    const shimmed = qsWith(shim);
    const filters = {
      filters: [
        { field: 'status', operator: 'eq', value: 1 },
        { field: 'q', operator: 'contains', value: '号码 a&b' },
      ],
      sorters: [{ field: 'id', order: 'desc' }],
      pagination: { currentPage: 2, pageSize: 20 },
      empty: {},
      list: [],
    };
    for (const options of [{}, { encode: false }, { arrayFormat: 'brackets' }, { skipNulls: true }]) {
      expect(shimmed.stringify(filters, options)).toBe(real.stringify(filters, options));
    }
    const text = real.stringify(filters);
    expect(shimmed.parse(text)).toEqual(real.parse(text));
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => real.stringify(cyclic)).toThrow(/Cyclic/);
    expect(() => shimmed.stringify(cyclic)).toThrow(/Cyclic/);
  });
});
