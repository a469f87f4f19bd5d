import { renderToString } from 'react-dom/server';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/lib/utils';
import App from './App';

/**
 * An open screen as the browser would first draw it, for scripts/prerender.mjs at build time: the
 * app's HTML at that address and the CSS its antd components and icons generate (antd writes it at
 * run time, so without this the first paint would wait for the JavaScript).
 */
export function prerender(location: string): { html: string; styles: string } {
  const cache = createCache();
  const html = renderToString(<StyleProvider cache={cache}><App location={location} /></StyleProvider>);
  return { html, styles: `${extractStyle(cache)}<style data-prerender-icons>${iconStyles}</style>` };
}
