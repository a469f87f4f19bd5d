/**
 * The layering rules (.dependency-cruiser.cjs; docs/ARCHITECTURE.md, "Invariants") hold for the
 * whole tree: no module or folder cycle, the platform imports no area, the framework nothing of the
 * product. And no cycle between the top-level folders of server/ and src/ either, which a rule on
 * folders alone would miss (a subfolder of one area importing another area that imports the first).
 */
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

async function cruiseTree(): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const result = await cruise(['server', 'src', 'resources.config.ts'], { ...options, validate: true }, undefined, {
    tsConfig: extractTSConfig('tsconfig.json'),
  });
  return result.output as ICruiseResult;
}

/** server/<area>/... -> server/<area>; files at the top of server/ or src/ stand for themselves. */
function topFolder(file: string): string | null {
  const m = /^(server|src)\/([^/]+)\/./.exec(file);
  return m ? `${m[1]}/${m[2]}` : null;
}

/** One cycle in the graph, as the folders it passes through, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

describe('the layering rules', () => {
  let result: ICruiseResult;

  it('dependency-cruiser finds no violation', async () => {
    result = await cruiseTree();
    const violations = result.summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle?.length ? ` (cycle: ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`,
    );
    expect(violations).toEqual([]);
    expect(result.modules.length).toBeGreaterThan(100);
  }, 120_000);

  it('no cycle between the top-level folders of server/ and src/', () => {
    const graph = new Map<string, Set<string>>();
    for (const module of result.modules) {
      const from = topFolder(module.source);
      if (!from) continue;
      for (const dependency of module.dependencies) {
        const to = topFolder(dependency.resolved);
        if (!to || to === from) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
      }
    }
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
  });
});
