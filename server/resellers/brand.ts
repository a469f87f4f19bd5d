import type { Site } from './sites.js';
import { MAIN_SITE_NAME } from './sites.js';

/** Where the console reads the site it is drawn for before it runs (src/common/site.ts). */
export const SITE_DATA_ID = 'site-data';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that cannot end the <script> element holding it. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A built page (pre-rendered /login, /store, the console's own page) as a reseller's host sends it:
 * the main site's name replaced by the reseller's wherever the build wrote it (the brand, the title,
 * the description), and the site's name in a JSON block the console reads before it draws (so the
 * pre-rendered brand and the app's first render agree). Contact and notice come from `GET /api/site`.
 */
export function brandPage(html: string, site: Pick<Site, 'name'>): string {
  const name = escapeHtml(site.name);
  const branded = html.replaceAll(MAIN_SITE_NAME, name).replaceAll('接码控制台', name);
  const data = `<script type="application/json" id="${SITE_DATA_ID}">${jsonInHtml({ name: site.name, reseller: true })}</script>`;
  // Before the page's own scripts, so the data is there whichever runs first.
  const head = branded.indexOf('</head>');
  return head >= 0 ? `${branded.slice(0, head)}${data}${branded.slice(head)}` : data + branded;
}
