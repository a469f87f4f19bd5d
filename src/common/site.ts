import { useEffect, useState } from 'react';

/**
 * The site the console is drawn for: the main site, or a reseller's (分站) on its own host. A
 * reseller's host sends its pages with the site's name in a JSON block (server/resellers/brand.ts), read
 * here before anything is drawn, so the pre-rendered brand and the app's own agree; its contact and
 * notice come from `GET /api/site` when a screen shows them. Plain fetch: the login and store screens
 * do not load the http client for it.
 */
export interface Site {
  name: string;
  /** A reseller's site: its name, contact and notice replace the main site's. */
  reseller: boolean;
}

export interface SiteDetails {
  name: string;
  contact: string;
  notice: string;
  reseller: boolean;
}

/** The main site's name (its brand). */
export const MAIN_SITE_NAME = '接码平台';
/** Where the page carries the site (server/resellers/brand.ts). */
const SITE_DATA_ID = 'site-data';

function fromPage(): Site {
  if (typeof document === 'undefined') return { name: MAIN_SITE_NAME, reseller: false };
  const text = document.getElementById(SITE_DATA_ID)?.textContent;
  if (!text) return { name: MAIN_SITE_NAME, reseller: false };
  try {
    const data = JSON.parse(text) as Partial<Site>;
    return typeof data.name === 'string' && data.name
      ? { name: data.name, reseller: data.reseller === true }
      : { name: MAIN_SITE_NAME, reseller: false };
  } catch {
    return { name: MAIN_SITE_NAME, reseller: false };
  }
}

let site: Site | null = null;

/** The site of this page (read once). */
export function currentSite(): Site {
  site ??= fromPage();
  return site;
}

export const siteName = () => currentSite().name;
export const isResellerSite = () => currentSite().reseller;

/** The brand when the menu is collapsed: two characters. */
export function shortSiteName(): string {
  const name = siteName();
  return name === MAIN_SITE_NAME ? '接码' : [...name].slice(0, 2).join('');
}

let details: Promise<SiteDetails | null> | null = null;

/** The site's name, contact and notice (`GET /api/site`), fetched once per page. */
export function fetchSiteDetails(): Promise<SiteDetails | null> {
  details ??= fetch('/api/site')
    .then((r) => r.json())
    .then((body: { code?: number; data?: SiteDetails }) => (body.code === 200 && body.data ? body.data : null))
    .catch(() => null);
  return details;
}

/** The site's contact and notice once fetched (null meanwhile, and on the main site when `resellerOnly`). */
export function useSiteDetails(resellerOnly = true): { details: SiteDetails | null; loading: boolean } {
  const wanted = !resellerOnly || isResellerSite();
  const [state, setState] = useState<{ details: SiteDetails | null; loading: boolean }>({ details: null, loading: wanted });
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    void fetchSiteDetails().then((d) => alive && setState({ details: d, loading: false }));
    return () => {
      alive = false;
    };
  }, [wanted]);
  return state;
}

/** Test hook: read the page again. */
export function resetSite(): void {
  site = null;
  details = null;
}
