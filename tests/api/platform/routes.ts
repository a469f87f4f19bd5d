/**
 * The API's routes and who may call each: derived from resources.config.ts for the generic resource
 * calls, plus the domain calls listed here. The tests check this against the routes the app really
 * registered, so a new call cannot slip past the refusal and bad-input tables.
 */
import type { FastifyInstance } from 'fastify';
import { resources, type AccessRule, type Action, type ResourceDef } from '../../../resources.config.js';

export type Access = AccessRule | 'public';
export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
}

const generic: Record<Action, { method: 'GET' | 'POST'; suffix: string }> = {
  list: { method: 'POST', suffix: 'data' },
  show: { method: 'GET', suffix: 'detail' },
  add: { method: 'POST', suffix: 'add' },
  edit: { method: 'POST', suffix: 'edit' },
  del: { method: 'POST', suffix: 'del' },
};

/** Calls written by hand in the server's domain folders, with their declared access. */
const domain: RouteInfo[] = [
  { method: 'POST', path: '/api/user/register', access: 'public' },
  { method: 'POST', path: '/api/user/login', access: 'public' },
  { method: 'POST', path: '/api/user/info', access: 'any' },
  { method: 'GET', path: '/api/user/base', access: 'any' },
  { method: 'POST', path: '/api/user/profile', access: 'any' },
  { method: 'POST', path: '/api/user/password', access: 'any' },
  { method: 'POST', path: '/api/user/search', access: 'staff' },
  { method: 'POST', path: '/api/user/money', access: 'sup:money' },
  { method: 'POST', path: '/api/user/manager', access: 'sup:care' },
  { method: 'POST', path: '/api/user/reset-password', access: 'sup:care' },
  { method: 'POST', path: '/api/user/admin', access: 'any' },
  { method: 'GET', path: '/api/notice/recent', access: 'any' },
  // The announcement for everyone; with ?id= it is the resource's 'show', for sup (checked separately).
  { method: 'GET', path: '/api/notice/detail', access: 'any' },
  { method: 'GET', path: '/api/config/index', access: 'public' },
  { method: 'POST', path: '/api/config/edit', access: 'sup' },
  { method: 'GET', path: '/api/statistics/index', access: 'any' },
  { method: 'POST', path: '/api/user/logout', access: 'any' },
  // two-step login and the login history (the caller's own)
  { method: 'GET', path: '/api/user/totp/info', access: 'any' },
  { method: 'POST', path: '/api/user/totp/setup', access: 'any' },
  { method: 'POST', path: '/api/user/totp/enable', access: 'any' },
  { method: 'POST', path: '/api/user/totp/disable', access: 'any' },
  { method: 'GET', path: '/api/user/logins', access: 'any' },
  { method: 'GET', path: '/api/usdt/options', access: 'any' },
  { method: 'POST', path: '/api/usdt/create', access: 'customer' },
  { method: 'GET', path: '/api/usdt/detail', access: 'own:money' },
  { method: 'POST', path: '/api/usdt/cancel', access: 'own:money' },
  { method: 'GET', path: '/api/usdt/config', access: 'sup:money' },
  { method: 'POST', path: '/api/usdt/config/edit', access: 'sup:money' },
  { method: 'POST', path: '/api/usdt/poll', access: 'sup:money' },
  { method: 'POST', path: '/api/epay/create', access: 'customer' },
  { method: 'GET', path: '/api/epay/detail', access: 'own:money' },
  { method: 'POST', path: '/api/epay/cancel', access: 'own:money' },
  { method: 'GET', path: '/api/epay/return', access: 'public' },
  { method: 'GET', path: '/api/epay/notify', access: 'public' },
  { method: 'POST', path: '/api/epay/notify', access: 'public' },
  { method: 'GET', path: '/api/epay/config', access: 'sup:money' },
  { method: 'POST', path: '/api/epay/config/edit', access: 'sup:money' },
  { method: 'GET', path: '/api/pay/options', access: 'any' },
  { method: 'POST', path: '/api/transfer/attach', access: 'sup:money' },
  // commerce
  { method: 'POST', path: '/api/stock/import', access: 'sup:catalog' },
  { method: 'POST', path: '/api/stock/disable', access: 'sup:catalog' },
  { method: 'POST', path: '/api/stock/enable', access: 'sup:catalog' },
  { method: 'POST', path: '/api/goods/bulk', access: 'sup:catalog' },
  { method: 'POST', path: '/api/store/data', access: 'public' },
  { method: 'POST', path: '/api/order/quote', access: 'customer' },
  { method: 'POST', path: '/api/order/buy', access: 'customer' },
  { method: 'POST', path: '/api/order/refund', access: 'sup:money' },
  { method: 'POST', path: '/api/token/reset', access: 'customer' },
  { method: 'POST', path: '/api/token/quote', access: 'customer' },
  { method: 'POST', path: '/api/token/augment', access: 'customer' },
  { method: 'POST', path: '/api/token/cancel', access: 'customer' },
  { method: 'POST', path: '/api/token/finish', access: 'customer' },
  { method: 'POST', path: '/api/token/reuse', access: 'customer' },
  { method: 'GET', path: '/api/rent/sms', access: 'any' },
  { method: 'POST', path: '/api/rent/quote', access: 'customer' },
  { method: 'POST', path: '/api/rent/extend', access: 'customer' },
  { method: 'POST', path: '/api/rent/finish', access: 'customer' },
  { method: 'POST', path: '/api/token/refund', access: 'sup:money' },
  { method: 'POST', path: '/api/token/export', access: 'own:orders' },
  { method: 'GET', path: '/api/code/:token', access: 'public' },
  // SMS-Activate API keys
  { method: 'GET', path: '/api/apikey/info', access: 'customer' },
  { method: 'POST', path: '/api/apikey/create', access: 'customer' },
  { method: 'POST', path: '/api/apikey/revoke', access: 'sup:care' },
  // the Telegram bot
  { method: 'POST', path: '/api/telegram/bind', access: 'any' },
  { method: 'POST', path: '/api/telegram/unbind', access: 'any' },
  { method: 'GET', path: '/api/telegram/info', access: 'any' },
  { method: 'POST', path: '/api/telegram/events', access: 'any' },
  { method: 'GET', path: '/api/telegram/bot', access: 'sup' },
  { method: 'POST', path: '/api/telegram/bot', access: 'sup' },
  // customer webhooks
  { method: 'GET', path: '/api/webhook/config', access: 'customer' },
  { method: 'POST', path: '/api/webhook/config', access: 'customer' },
  { method: 'POST', path: '/api/webhook/rotate', access: 'customer' },
  { method: 'POST', path: '/api/webhook/test', access: 'customer' },
  { method: 'POST', path: '/api/delivery/replay', access: 'own:orders' },
  // code intake
  { method: 'POST', path: '/api/device/secret', access: 'sup:intake' },
  { method: 'GET', path: '/api/device/silent', access: 'sup:intake' },
  { method: 'GET', path: '/api/pending', access: 'staff' },
  { method: 'POST', path: '/api/device/bind', access: 'sup:intake' },
  { method: 'POST', path: '/api/device_number/check', access: 'sup:intake' },
  { method: 'POST', path: '/api/device_number/checks', access: 'sup:intake' },
  { method: 'GET', path: '/api/device_number/expiring', access: 'sup:intake' },
  { method: 'POST', path: '/api/message/links', access: 'sup:intake' },
  { method: 'POST', path: '/api/message/assign', access: 'sup:intake' },
  { method: 'GET', path: '/api/ingest/sms/:key', access: 'public' },
  { method: 'POST', path: '/api/ingest/sms/:key', access: 'public' },
  // selling to aggregators
  { method: 'POST', path: '/api/agent/:id', access: 'public' },
  { method: 'GET', path: '/api/aggregator/sales', access: 'sup:agent.sales' },
  // upstream providers
  { method: 'POST', path: '/api/provider/balance', access: 'sup:catalog' },
  // resellers (分站): the site a host names, and 我的分站
  { method: 'GET', path: '/api/site', access: 'public' },
  { method: 'GET', path: '/api/reseller/site', access: 'customer:reseller' },
  { method: 'POST', path: '/api/reseller/site/edit', access: 'customer:reseller' },
  { method: 'POST', path: '/api/reseller/customers', access: 'customer:reseller' },
  { method: 'POST', path: '/api/reseller/transfer', access: 'customer:reseller' },
];

export function expectedRoutes(): RouteInfo[] {
  const out = new Map<string, RouteInfo>();
  for (const def of Object.values(resources as Record<string, ResourceDef>)) {
    for (const [action, rule] of Object.entries(def.access) as [Action, AccessRule][]) {
      const { method, suffix } = generic[action];
      const path = `/api/${def.api}/${suffix}`;
      out.set(`${method} ${path}`, { method, path, access: rule });
    }
  }
  // A domain call on the same path replaces the generic one (the server registers it first).
  for (const r of domain) out.set(`${r.method} ${r.path}`, r);
  return [...out.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** "METHOD /path" of every API route the app registered (HEAD twins left out). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const out: string[] = [];
  // A path that extends another is printed as its child ("/api/a" then "└── /edit"): join them by depth.
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = Math.floor(m[1].length / 4);
    parents.length = depth;
    const path = (depth ? parents[depth - 1] : '') + m[2];
    parents.push(path);
    if (!m[3] || !path.startsWith('/api/')) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out.sort();
}

export const key = (r: RouteInfo) => `${r.method} ${r.path}`;
