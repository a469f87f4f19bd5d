// Which modules the console's build puts together in one file (scripts/build.mjs runs the build twice:
// the first build's files and imports, then this plan, then the build that ships).
//
// Left to itself the bundler gives each set of screens that share some modules a file of its own: a
// console screen loaded some forty files, the shell's seventeen among them. A phone on HTTP/1.1 fetches
// six at a time, each waiting a round trip, so the files cost more than their bytes. Here, beyond the
// entry's file:
// - what the shell (src/app/ConsoleRoot.tsx) and the list screen share with the open screens (/login,
//   /store, /register) becomes one file;
// - the rest of the shell becomes one: every console screen loads it;
// - the list screen's becomes one, less what a hand-written page loads too: that goes with the shell,
//   which both load (a page would otherwise fetch the list's code);
// - a module a dynamic import names keeps its own file (the build's manifest finds a screen's code by it).
// A group takes its modules' imports along unless an earlier group has them: the order keeps each
// where it belongs. The pages' own files are left as the bundler splits them.

const OPEN = ['src/pages/login/LoginPage.tsx', 'src/pages/store/PublicStorePage.tsx', 'src/pages/register/RegisterPage.tsx'];
const SHELL = 'src/app/ConsoleRoot.tsx';
const LIST = 'src/framework/list/ListPage.tsx';
/** The hand-written console pages: the app's own screens are under src/pages, one folder each. */
const PAGE = /src\/pages\/[^/]+\/[^/]+Page\.tsx$/;

/**
 * `graph`: the first build's chunks, by file: { facade, modules, imports, isEntry } (facade and
 * modules as paths from the project's root). Returns the groups, first to take a module first: name ->
 * module paths.
 */
export function planChunks(graph) {
  const files = Object.keys(graph);
  const byFacade = (source) => files.find((file) => graph[file].facade === source);
  const closure = (file, seen = new Set()) => {
    if (!file || seen.has(file)) return seen;
    seen.add(file);
    for (const next of graph[file].imports) closure(next, seen);
    return seen;
  };
  const union = (sets) => new Set(sets.flatMap((set) => [...set]));

  const entry = union(files.filter((file) => graph[file].isEntry).map((file) => closure(file)));
  const open = union(OPEN.map((source) => closure(byFacade(source))));
  const facades = new Set(files.map((file) => graph[file].facade).filter(Boolean));
  const pages = files.filter((file) => PAGE.test(graph[file].facade ?? '') && !OPEN.includes(graph[file].facade));
  const inPages = union(pages.map((file) => closure(file)));
  const shellAll = [...closure(byFacade(SHELL))].filter((file) => !entry.has(file));
  const listAll = [...closure(byFacade(LIST))].filter((file) => !entry.has(file) && !shellAll.includes(file));
  // What the console shares with the open screens: one file they load too.
  const common = [...shellAll, ...listAll].filter((file) => open.has(file));
  const shell = shellAll.filter((file) => !open.has(file));
  const list = listAll.filter((file) => !open.has(file));
  // What the list screen shares with a page goes with the shell, which both load: in the list's file a
  // page would load the list's code too.
  const shared = list.filter((file) => inPages.has(file));
  const modulesOf = (chunks) => [...new Set(chunks.flatMap((file) => graph[file].modules))].filter((source) => !facades.has(source));
  return {
    common: modulesOf(common),
    shell: modulesOf([...shell, ...shared]),
    list: modulesOf(list.filter((file) => !shared.includes(file))),
  };
}
