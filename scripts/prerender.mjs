// Pre-renders the open screens people land on (/login, /store) into the built console, so their form
// is on screen at the first paint instead of after the JavaScript has loaded: the app's HTML at that
// address and antd's generated CSS, written to dist/<screen>/index.html (the server sends it for
// that address; the client hydrates it, src/main.tsx). /store's products change: the server draws
// them into its page on each request (server/store/page.ts) with dist/ssr/store-cards.mjs, built
// here, and this page holds their CSS. It also writes the console's own page (dist/console.html, see
// writeConsolePage). Run by `npm run build` after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { classesIn, trimCss } from './trim-css.mjs';

// The same NODE_ENV as the client bundle just built (Vite's default for a build is production):
// antd's class names and React's build depend on it, and hydration needs them equal.
process.env.NODE_ENV ||= 'production';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
/** The pre-rendered screens and their code's source file. */
const SCREENS = { '/login': 'src/pages/login/LoginPage.tsx', '/store': 'src/pages/store/PublicStorePage.tsx' };
/** Where the server finds the code that draws /store's products (kept out of the public files by the server). */
const SSR = path.join(DIST, 'ssr');

/**
 * Bundles src/app/prerender.tsx (used here) and src/app/store-cards.tsx (used by the server) for Node,
 * CSS imports dropped and every dependency inlined, and loads them.
 */
async function loadRenderers() {
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: SSR,
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: { prerender: 'src/app/prerender.tsx', 'store-cards': 'src/app/store-cards.tsx' },
        output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', format: 'esm' },
      },
    },
    ssr: { noExternal: true },
    // The server runs store-cards.mjs whatever its own NODE_ENV: it must draw what the client bundle draws.
    define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV) },
  });
  const load = (name) => import(pathToFileURL(path.join(SSR, `${name}.mjs`)).href);
  return { ...(await load('prerender')), ...(await load('store-cards')) };
}

const template = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');
const { prerender, consoleScreens, consoleStyles, preloadOpenScreens } = await loadRenderers();
await preloadOpenScreens();

/** The entry's own small stylesheet in the page itself: one request fewer before the first paint. */
function inlineStylesheets(page) {
  return page.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href) => {
    const css = fs.readFileSync(path.join(DIST, href), 'utf8');
    return css.length <= 16 * 1024 ? `<style>${css}</style>` : link;
  });
}

/**
 * antd's extracted CSS cut to the classes the screen shows (about 110 KB -> 12 KB: the browser parses
 * it all before the first paint). The trimmed styles are struck from antd's record of what the page
 * already holds, so once the app runs antd writes them out in full into the same <style> elements
 * (hover, error, disabled and the other states the first paint does not need).
 */
function trimAntdStyles(styles, html) {
  const classes = classesIn(html);
  const trimmed = new Set();
  const cut = styles.replace(/(<style[^>]*data-css-hash="([^"]+)"[^>]*>)(.*?)(<\/style>)/gs, (all, open, hash, css, close) => {
    const kept = trimCss(css, classes);
    if (kept === css) return all;
    trimmed.add(hash);
    return `${open}${kept}${close}`;
  });
  return cut.replace(
    /(\.data-ant-cssinjs-cache-path\{content:")([^"]*)/,
    (all, head, list) =>
      head +
      list
        .split(';')
        .filter((entry) => !trimmed.has(entry.slice(entry.lastIndexOf(':') + 1)))
        .join(';'),
  );
}

/**
 * No <link rel="modulepreload"> on a pre-rendered page: the browser would fetch and compile some thirty
 * modules at once while it lays out and paints the form, and on this 2-core machine that held the
 * first paint back (about 1.2x the blank page's time without them, 2-3x with them). The entry script
 * stays (deferred: it runs after the page is parsed and the load event still waits for the app); it
 * fetches the same modules as it imports them, the app starting a little later.
 */
function dropModulePreloads(page) {
  return page.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** Which files each source module's code needs (the build's manifest), and the entry's. */
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
function closure(key, seen = new Set()) {
  if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
}
const entry = closure('index.html');
/** The styles of a module's code beyond the entry's: its chunks' CSS files. */
const stylesOf = (key) => [...new Set([...closure(key)].filter((k) => !entry.has(k)).flatMap((k) => manifest[k].css ?? []))];

/**
 * A pre-rendered screen's own styles in its page: its code loads apart from the entry, and the page
 * must look right before it has (the app adds the same rules again once it loads, changing nothing).
 */
function inlineScreenStyles(page, key) {
  const css = stylesOf(key)
    .map((file) => fs.readFileSync(path.join(DIST, file), 'utf8'))
    .join('\n');
  return css ? page.replace('</head>', `  <style data-screen-styles>${css}</style>\n  </head>`) : page;
}

/** `tags` put into the page just before the app's entry script, on its own line. */
const beforeEntry = (page, tags) => page.replace(/(\s*)<script type="module"/, `$1${tags}$1<script type="module"`);

/** antd's styles first in the page's head, as antd itself prepends them: the app's own CSS (linked below) wins. */
const antdStylesFirst = (page, tags) => page.replace(/(<meta charset="UTF-8" \/>)/i, `$1\n    ${tags}`);

/** A form on screen before the app runs: public/early-submit.js holds a submit until the app takes it over. */
const holdingEarlySubmits = (page, html) =>
  html.includes('<form') ? beforeEntry(page, '<script async src="/early-submit.js"></script>') : page;

for (const [screen, source] of Object.entries(SCREENS)) {
  const { html, drawnLater, styles: fullStyles } = prerender(screen);
  const styles = trimAntdStyles(fullStyles, html + drawnLater);
  const page = antdStylesFirst(
    holdingEarlySubmits(dropModulePreloads(inlineScreenStyles(inlineStylesheets(template), source)), html),
    styles,
  ).replace('<div id="root"></div>', `<div id="root" data-prerendered="${screen}">${html}</div>`);
  const file = path.join(DIST, screen.slice(1), 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, page);
  process.stdout.write(`prerendered ${screen} -> ${path.relative(ROOT, file)} (${(page.length / 1024).toFixed(1)} KB)\n`);
}

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** The app's own loading mark (src/styles.css): the first render waits for the screen's code (src/main.tsx). */
const withLoadingMark = (page) =>
  page.replace('<div id="root"></div>', '<div id="root"><div class="page-loading" role="status" aria-label="加载中"></div></div>');

/**
 * The pages of the console's addresses. Each names with <link rel="modulepreload"> the files of the
 * console's shell (`src/app/ConsoleRoot.tsx` and what it imports) and, at a screen's address, of that
 * screen, so a phone fetches them beside the entry instead of after it has arrived and run (a round
 * trip and the entry's run each time, about 0.3 s at 150 ms latency). dist/console.html (the shell's
 * files) serves every other console address (the server sends it where no page of its own was
 * written); the open screens without a pre-rendered page (/register, /refresh) get the app's page.
 * Each, and the app's page itself, shows the loading mark until the screen is drawn.
 */
function writeConsolePages(screens) {
  const shell = closure('src/app/ConsoleRoot.tsx');
  const antdStyles = writeConsoleStyles();
  const page = (keys, firstCalls) => {
    const own = [...keys].filter((key) => !entry.has(key));
    // Low: the screen's first calls (public/first-calls.js) go out ahead of these on a busy connection.
    const links = [
      ...own.map((key) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[key].file}">`),
      // Their styles as the app would add them (it adds none already in the page).
      ...[...new Set(own.flatMap((key) => manifest[key].css ?? []))].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    ];
    // The screen's first calls, sent by public/first-calls.js before the entry has arrived.
    const withCalls = firstCalls
      ? beforeEntry(
          template,
          `<meta name="first-calls" content="${escapeAttribute(JSON.stringify(firstCalls))}">\n    <script type="module" async src="/first-calls.js"></script>`,
        )
      : template;
    return withLoadingMark(
      antdStylesFirst(withCalls, `<link rel="stylesheet" href="/${antdStyles}">`).replace(
        '</head>',
        `  ${links.join('\n    ')}\n  </head>`,
      ),
    );
  };
  const write = (address, html) => {
    const file = path.join(DIST, address.slice(1), 'index.html');
    if (fs.existsSync(file)) return; // a pre-rendered screen keeps its own
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  };
  fs.writeFileSync(path.join(DIST, 'console.html'), page(shell));
  for (const { route, files, firstCalls } of screens) {
    write(
      route,
      page(
        files.reduce((all, file) => closure(file, all), new Set(shell)),
        firstCalls,
      ),
    );
  }
  for (const open of ['/register', '/refresh']) write(open, withLoadingMark(template));
  fs.writeFileSync(path.join(DIST, 'index.html'), withLoadingMark(template));
  // Build-time knowledge only: not a file for the browser.
  fs.rmSync(path.join(DIST, '.vite'), { recursive: true, force: true });
  process.stdout.write(`console pages -> dist/console.html and ${screens.length} screens' pages\n`);
}

/**
 * antd's CSS for the components the console's screens draw first (src/app/console-styles.tsx), as a
 * file of the build's assets (cached across screens): antd finds its record in the page and neither
 * generates nor inserts those styles as a screen is first drawn. Returns the file's path under dist/.
 */
function writeConsoleStyles() {
  const css = consoleStyles();
  const file = `assets/antd-console-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
  fs.writeFileSync(path.join(DIST, file), css);
  return file;
}

writeConsolePages(consoleScreens());
