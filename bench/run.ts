/**
 * `npm run bench`: the server benchmark, the console benchmark, then the commerce ones (code reads,
 * purchases, lists and statistics on a million orders). Name one to run it alone:
 * `npm run bench -- server` (or console, codes, purchases, lists). Prints figures; asserts nothing.
 */
import { benchServer } from './server.js';

const only = process.argv[2];
if (!only || only === 'server') await benchServer();
if (!only || only === 'console') {
  const { benchConsole } = await import('./console.js');
  await benchConsole();
}
if (!only || only === 'codes') await (await import('./codes.js')).benchCodes();
if (!only || only === 'purchases') await (await import('./purchases.js')).benchPurchases();
if (!only || only === 'lists') await (await import('./lists.js')).benchLists();
