/**
 * The server loads resources.config.ts: nothing it loads from there at run time is JSX, React, antd
 * or Refine. The declaration names the console's actions and icons for their types only (erased
 * when compiled), so the graph is cruised as it runs: type-only imports left out.
 */
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const CONSOLE_ONLY = [/\.tsx$/, /node_modules\/(react|react-dom|antd|@ant-design|@refinedev|@tanstack)\//];

async function runtimeGraph(): Promise<Map<string, string[]>> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const result = (
    await cruise(['resources.config.ts'], { ...options, tsPreCompilationDeps: false, ruleSet: undefined, validate: false }, undefined, {
      tsConfig: extractTSConfig('tsconfig.json'),
    })
  ).output as ICruiseResult;
  return new Map(result.modules.map((m) => [m.source, m.dependencies.map((d) => d.resolved)]));
}

describe('the declaration at run time', () => {
  it('reaches no JSX, React, antd or Refine module from resources.config.ts', async () => {
    const graph = await runtimeGraph();
    const seen = new Set<string>();
    const path = new Map<string, string>();
    const queue = ['resources.config.ts'];
    while (queue.length) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const next of graph.get(file) ?? []) {
        if (!seen.has(next)) {
          path.set(next, file);
          queue.push(next);
        }
      }
    }
    const trail = (file: string) => {
      const out = [file];
      while (path.has(out[0])) out.unshift(path.get(out[0])!);
      return out.join(' → ');
    };
    const offending = [...seen].filter((f) => CONSOLE_ONLY.some((re) => re.test(f))).map(trail);
    expect(offending).toEqual([]);
    // The walk saw the declaration's area files: a graph that lost them would pass for nothing.
    expect([...seen].filter((f) => f.startsWith('src/resources/')).length).toBeGreaterThan(5);
  }, 120_000);
});
