/**
 * `npm run bench`: the server benchmark, then the console benchmark. Name one to run it alone:
 * `npm run bench -- server`, `npm run bench -- console` (first paint of /login) or
 * `npm run bench -- list` (lists opened from the menu). Prints figures; asserts nothing.
 */
import { benchServer } from './server.js';

const only = process.argv[2];
if (!only || only === 'server') await benchServer();
if (!only || only === 'console') {
  const { benchConsole } = await import('./console.js');
  await benchConsole();
}
if (!only || only === 'list') {
  const { benchList } = await import('./list.js');
  await benchList();
}
