import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript
import { planChunks } from '../../../scripts/chunk-plan.mjs';

type Chunk = { facade?: string; modules: string[]; imports: string[]; isEntry: boolean };
const chunk = (modules: string[], imports: string[] = [], facade?: string, isEntry = false): Chunk => ({
  facade,
  modules: facade ? [facade, ...modules] : modules,
  imports,
  isEntry,
});

// A first build as the bundler splits it: the entry, the login screen, the shell, the list screen and
// a page, with the small files they share.
const graph: Record<string, Chunk> = {
  'index.js': chunk(['src/main.tsx', 'node_modules/react/index.js'], [], undefined, true),
  'LoginPage.js': chunk([], ['spin.js'], 'src/pages/login/LoginPage.tsx'),
  'spin.js': chunk(['node_modules/antd/es/spin/index.js'], ['index.js']),
  'ConsoleRoot.js': chunk([], ['spin.js', 'Sider.js', 'icons.js'], 'src/app/ConsoleRoot.tsx'),
  'Sider.js': chunk(['node_modules/antd/es/layout/Sider.js']),
  'icons.js': chunk(['node_modules/@ant-design/icons/es/icons/UserOutlined.js']),
  'ListPage.js': chunk([], ['icons.js', 'tooltip.js', 'checkbox.js'], 'src/framework/list/ListPage.tsx'),
  'tooltip.js': chunk(['node_modules/antd/es/tooltip/index.js']),
  'checkbox.js': chunk(['node_modules/antd/es/checkbox/index.js']),
  'HomePage.js': chunk(['src/pages/home/Figures.tsx'], ['tooltip.js'], 'src/pages/home/HomePage.tsx'),
};

describe('the console build plan', () => {
  const plan = planChunks(graph);

  it("puts the shell's files in one; what it shares with an open screen in another, the entry's in neither", () => {
    expect(plan.shell).toEqual(
      expect.arrayContaining(['node_modules/antd/es/layout/Sider.js', 'node_modules/@ant-design/icons/es/icons/UserOutlined.js']),
    );
    expect(plan.common).toEqual(['node_modules/antd/es/spin/index.js']);
    expect([...plan.common, ...plan.shell, ...plan.list]).not.toContain('node_modules/react/index.js');
  });

  it('lists the groups in the order they take modules: the shared file first, the list last', () => {
    expect(Object.keys(plan)).toEqual(['common', 'shell', 'list']);
  });

  it('gives the list screen what only it loads; what it shares with a page goes with the shell', () => {
    expect(plan.list).toEqual(['node_modules/antd/es/checkbox/index.js']);
    expect(plan.shell).toContain('node_modules/antd/es/tooltip/index.js');
  });

  it("leaves each screen's own module in its own file, where the manifest finds it", () => {
    const grouped = [...plan.common, ...plan.shell, ...plan.list];
    for (const facade of ['src/app/ConsoleRoot.tsx', 'src/framework/list/ListPage.tsx', 'src/pages/login/LoginPage.tsx'])
      expect(grouped).not.toContain(facade);
    expect(grouped).not.toContain('src/pages/home/Figures.tsx');
  });
});
