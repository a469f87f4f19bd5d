// Which modules the console's build puts together in one file (scripts/build.mjs runs the build twice:
// the first build's files and imports, then this plan, then the build that ships).
//
// Left to itself the bundler gives each set of screens that share some modules a file of its own: a
// console screen loaded some forty files, the shell's seventeen among them. A phone on HTTP/1.1 fetches
// six at a time, each waiting a round trip, so the files cost more than their bytes. Here:
// - the shell (src/app/ConsoleRoot.tsx) becomes one file, less what the entry or the open screens
//   (/login, /store, /register) load: every console screen loads the shell, those screens do not;
// - the generated list screen's files become one, less what a hand-written page loads too: that goes
//   with the shell, which both load (a page would otherwise fetch the list's code);
// - a module a dynamic import names keeps its own file (the build's manifest finds a screen's code by it).
// The pages' own files are left as the bundler splits them.

const OPEN = ['src/pages/login/LoginPage.tsx', 'src/pages/store/PublicStorePage.tsx', 'src/pages/register/RegisterPage.tsx'];
const SHELL = 'src/app/ConsoleRoot.tsx';
const LIST = 'src/framework/list/ListPage.tsx';
/** The hand-written console pages: the app's own screens are under src/pages, one folder each. */
const PAGE = /src\/pages\/[^/]+\/[^/]+Page\.tsx$/;

/**
 * `graph`: the first build's chunks, by file: { facade, modules, imports, isEntry } (facade and
 * modules as paths from the project's root). Returns the groups: name -> module paths.
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
  const apart = new Set([...entry, ...open]);
  const shell = [...closure(byFacade(SHELL))].filter((file) => !apart.has(file));
  const list = [...closure(byFacade(LIST))].filter((file) => !apart.has(file) && !shell.includes(file));
  // What the list screen shares with a page goes with the shell, which both load: in the list's file a
  // page would load the list's code too.
  const shared = list.filter((file) => inPages.has(file));
  const modulesOf = (chunks) => [...new Set(chunks.flatMap((file) => graph[file].modules))].filter((source) => !facades.has(source));
  return { shell: modulesOf([...shell, ...shared]), list: modulesOf(list.filter((file) => !shared.includes(file))) };
}
