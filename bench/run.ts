/**
 * `npm run bench`: the server benchmark, then the console benchmark. Name one to run it alone:
 * `npm run bench -- server` or `npm run bench -- console`. Prints figures; asserts nothing.
 */
import { benchServer } from './server.js';

const only = process.argv[2];
if (!only || only === 'server') await benchServer();
if (!only || only === 'console') {
  const { benchConsole } = await import('./console.js');
  await benchConsole();
}
