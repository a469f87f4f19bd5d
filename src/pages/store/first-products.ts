import type { StorePage } from './api';

/**
 * The products the server wrote into the public store's page (GET /store), so they are on screen at
 * the first paint: their HTML (`.store-products-snapshot`) and their data (`#store-products-data`).
 * Read once, before React replaces that HTML; only the store's first showing uses them.
 */
export interface FirstProducts {
  html: string;
  page: StorePage;
}

let first: FirstProducts | null = read();

function read(): FirstProducts | null {
  if (typeof document === 'undefined') return null;
  const shown = document.querySelector('#root .store-products-snapshot');
  const data = document.getElementById('store-products-data');
  if (!shown || !data) return null;
  try {
    return { html: shown.innerHTML, page: JSON.parse(data.textContent ?? '') as StorePage };
  } catch {
    return null;
  }
}

/** The server's products for the store's first showing; later showings load their own. */
export function takeFirstProducts(): FirstProducts | null {
  const taken = first;
  first = null;
  return taken;
}
