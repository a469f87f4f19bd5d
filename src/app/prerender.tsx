import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/lib/utils';
import type { StoreItem } from '../pages/store/api';
import { allows, pages, resources, type PageDef, type ResourceDef, type Role } from '../../resources.config';
import { registry } from '../framework/registry';
import { callParts } from '../providers/http';
import { firstCallsAt } from './first-calls';
import App from './App';
import { pageFileAt } from './page-routes';
import { StoreCards } from './store-cards';
import { ConsoleStyleSample } from './console-styles';

/** Loads the open screens' code (lazy in the app): call before `prerender`. */
export { preloadOpenScreens } from './App';

/**
 * An open screen as the browser would first draw it, for scripts/prerender.mjs at build time: the
 * app's HTML at that address and the CSS its antd components and icons generate (antd writes it at
 * run time, so without this the first paint would wait for the JavaScript). `drawnLater` is HTML the
 * server adds to the page (its CSS is in `styles`, and its classes keep that CSS when it is trimmed).
 */
export function prerender(location: string): { html: string; drawnLater: string; styles: string } {
  const cache = createCache();
  const draw = (node: ReactNode) => renderToString(<StyleProvider cache={cache}>{node}</StyleProvider>);
  const html = draw(<App location={location} />);
  const drawnLater = DRAWN_LATER[location] ? draw(DRAWN_LATER[location]) : '';
  return { html, drawnLater, styles: `${extractStyle(cache)}<style data-prerender-icons>${iconStyles}</style>` };
}

/**
 * The CSS antd generates for the components a console screen draws first, as a stylesheet, ending with
 * antd's record of the styles it holds (antd reads it from the page and skips generating those).
 */
export function consoleStyles(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConsoleStyleSample />
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true });
}

const sample: StoreItem = {
  id: 1,
  title: '示例',
  description: '<p>示例</p>',
  channel: 'sms',
  service: 'tg',
  country: 0,
  source: 'stock',
  price: 1,
  base_price: 2,
  stock: 0,
  valid_hours: 24,
  receive_limit: 1,
  reset_limit: 1,
  renew_price: 1,
  code_wait_minutes: 10,
  min_qty: 1,
  max_qty: 10,
};

/** What the server draws into a screen's page: /store's products, with every variant a card has, and none. */
const DRAWN_LATER: Record<string, ReactNode> = {
  '/store': (
    <>
      <StoreCards page={{ list: [sample, { ...sample, id: 2, channel: 'mail', price: 2, stock: 5 }], total: 3 }} />
      <StoreCards page={{ list: [], total: 0 }} />
    </>
  ),
};

/**
 * The console's screens with the source files of their code, for scripts/prerender.mjs to name in
 * each screen's page: a declared resource's list is the generated list screen and its actions' files; a page its own file.
 */
export function consoleScreens(): Array<{ route: string; files: string[]; firstCalls: Record<Role, FirstCall[]> }> {
  const lists = Object.values(resources as Record<string, ResourceDef>).map((def) => ({
    route: def.route,
    files: ['src/framework/list/ListPage.tsx', ...registry.actionFilesFor(def)],
  }));
  const own = Object.values(pages as Record<string, PageDef>).flatMap((page) => {
    const file = pageFileAt(pages as Record<string, PageDef>, page.route);
    return file ? [{ route: page.route, files: [file] }] : [];
  });
  // A page ahead of a generated screen on the same path (a form of its own) wins, as in the routes.
  const screens = [...own, ...lists.filter((list) => !own.some((page) => page.route === list.route))];
  return screens.map((screen) => ({
    ...screen,
    firstCalls: { customer: firstCallsOf(screen.route, 'customer'), sup: firstCallsOf(screen.route, 'sup') },
  }));
}

type FirstCall = ReturnType<typeof callParts>;

/**
 * The calls a role's first visit to a screen makes, as they go out (no query in the address). A sup's
 * staff role is not known here: a sup's call that staff role may not make is answered with a refusal
 * that no screen takes.
 */
function firstCallsOf(route: string, role: Role): FirstCall[] {
  return firstCallsAt(route, '', (rule) => allows(rule, role, '*')).map(callParts);
}
