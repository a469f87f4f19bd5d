/**
 * `npm run bench`: the server benchmark, the console benchmarks, then the commerce ones. Name one to run
 * it alone: `npm run bench -- server`, `npm run bench -- console` (first paint of /login),
 * `npm run bench -- list` (lists opened from the menu), `-- codes` (code reads on 100,000 links),
 * `-- purchases`, `-- million` (lists and statistics on a million orders), `-- handler` (SMS-Activate getStatus polled by
 * 1,000 activations, and its throughput), `-- intake` (SMS webhook and SMTP in -> code readable), `-- scale` (one and two
 * processes behind nginx on PostgreSQL; 10,000 long polls held by one process), `-- vitals` (LCP, CLS and the 购买 tap on a
 * throttled phone, as Lighthouse measures), `-- webhooks` (customer webhooks: 1,000 customers at 200 SMS/s, readable p99
 * with and without, and whether deliveries keep up), `-- purchase-sql` (statements, round trips, hot rows and lock waits
 * of a purchase on PostgreSQL), `-- agent` (the SMSHUB agent protocol: GET_SERVICES and GET_NUMBER latency
 * with 20,000 numbers on 100 phones, SMS in -> PUSH_SMS at the aggregator). Prints figures; asserts nothing.
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
if (!only || only === 'codes') await (await import('./codes.js')).benchCodes();
if (!only || only === 'purchases') await (await import('./purchases.js')).benchPurchases();
if (!only || only === 'million') await (await import('./million.js')).benchMillion();
if (!only || only === 'handler') await (await import('./handler.js')).benchHandler();
if (!only || only === 'intake') await (await import('./intake.js')).benchIntake();
if (!only || only === 'scale') await (await import('./scale.js')).benchScale();
if (!only || only === 'vitals') await (await import('./vitals.js')).benchVitals();
if (!only || only === 'webhooks') await (await import('./webhooks.js')).benchWebhooks();
if (!only || only === 'purchase-sql') await (await import('./purchase-sql.js')).benchPurchaseSql();
if (!only || only === 'agent') await (await import('./agent.js')).benchAgent();
