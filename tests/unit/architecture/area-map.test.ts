/**
 * docs/ARCHITECTURE.md lists what each server area imports of the others ("What the areas import of
 * each other today"), in an order where every arrow points down. This holds the list to the code: each
 * area folder of server/ is named, its arrows are exactly the areas its files import (through their
 * index.ts, as the layering rules require), and no import points up the list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'server');
/** The layers every area may use, and main.ts's own steps: not areas. */
const NOT_AREAS = new Set(['platform', 'schema', 'boot']);

interface DocMap {
  deps: Map<string, Set<string>>;
  /** The line where an area first stands left of an arrow. */
  line: Map<string, number>;
}

/** The list as the document writes it: `a → b (why), c`, `a, b → c`, continuation lines indented. */
function documented(): DocMap {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const from = doc.indexOf('What the areas import of each other today');
  expect(from, 'docs/ARCHITECTURE.md has lost its list of what the areas import').toBeGreaterThan(0);
  const block = /```\n([\s\S]*?)```/.exec(doc.slice(from))![1];
  const lines: string[] = [];
  for (const raw of block.split('\n')) {
    if (!raw.trim()) continue;
    if (/^\s/.test(raw) && lines.length) lines[lines.length - 1] += ` ${raw.trim()}`;
    else lines.push(raw);
  }
  const deps = new Map<string, Set<string>>();
  const line = new Map<string, number>();
  lines.forEach((text, i) => {
    const [left, right = ''] = text.split('→');
    const targets = right
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    for (const source of left.split(',').map((s) => s.trim())) {
      if (!line.has(source)) line.set(source, i);
      deps.set(source, new Set([...(deps.get(source) ?? []), ...targets]));
    }
  });
  return { deps, line };
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const areas = fs
  .readdirSync(SERVER, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !NOT_AREAS.has(e.name))
  .map((e) => e.name)
  .sort();

/** The other areas an area's files import (static, type-only or dynamic imports alike). */
function imported(area: string): string[] {
  const found = new Set<string>();
  for (const file of filesUnder(path.join(SERVER, area))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)) {
      const target = path.relative(SERVER, path.resolve(path.dirname(file), m[1]));
      const top = target.split(path.sep)[0];
      if (!target.startsWith('..') && top !== area && areas.includes(top)) found.add(top);
    }
  }
  return [...found].sort();
}

describe("docs/ARCHITECTURE.md's list of what the areas import", () => {
  const doc = documented();

  it('names every area of server/, and nothing that is not one', () => {
    expect([...doc.deps.keys()].sort()).toEqual(areas);
  });

  it("gives each area exactly the areas its files import (add or remove the arrow in the document's list)", () => {
    const wrong = areas
      .map((area) => ({ area, documented: [...(doc.deps.get(area) ?? [])].sort(), imports: imported(area) }))
      .filter((a) => a.documented.join() !== a.imports.join());
    expect(wrong).toEqual([]);
  });

  it('has every arrow point down the list (an area is listed above all it imports)', () => {
    const up = areas.flatMap((area) =>
      imported(area)
        .filter((to) => (doc.line.get(to) ?? -1) <= (doc.line.get(area) ?? Infinity))
        .map((to) => `${area} → ${to}`),
    );
    expect(up).toEqual([]);
  });
});
