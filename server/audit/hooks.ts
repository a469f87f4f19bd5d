import type { ResourceHooks } from '../platform/crud/hooks.js';
import { callerAllows } from '../platform/http/auth.js';

const parse = (text: unknown): unknown => {
  if (typeof text !== 'string' || !text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The audit list: read-only; a caller without the whole trail (the owner's: finance) reads the money rows only,
 * enforced on the query itself; `changes` puts before and after side by side.
 */
export const auditHooks: ResourceHooks = {
  scope(query, request) {
    return callerAllows(request, 'sup') ? query : (query.where('category', '=', 'money') as typeof query);
  },
  present(rows, raw) {
    rows.forEach((row, i) => {
      row.changes = raw[i].before || raw[i].after ? { before: parse(raw[i].before), after: parse(raw[i].after) } : null;
    });
  },
};
