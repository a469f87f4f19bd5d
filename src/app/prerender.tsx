import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/lib/utils';
import type { StoreItem } from '../pages/store/api';
import App from './App';
import { StoreCards } from './store-cards';

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

const sample: StoreItem = {
  id: 1, title: '示例', description: '<p>示例</p>', channel: 'sms', service: 'tg', country: 0, source: 'stock', price: 1,
  base_price: 2, stock: 0, valid_hours: 24, receive_limit: 1, reset_limit: 1, renew_price: 1, code_wait_minutes: 10,
  min_qty: 1, max_qty: 10,
};

/** What the server draws into a screen's page: /store's products, with every variant a card has, and none. */
const DRAWN_LATER: Record<string, ReactNode> = {
  '/store': <>
    <StoreCards page={{ list: [sample, { ...sample, id: 2, channel: 'mail', price: 2, stock: 5 }], total: 3 }} />
    <StoreCards page={{ list: [], total: 0 }} />
  </>,
};
