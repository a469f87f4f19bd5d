import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { auditHooks } from './hooks.js';

/**
 * The audit trail: one hash-chained row per audited action (`audit.ts`), written by each area in the
 * transaction of its change; the generic writes through `writes.ts`; read through the generic
 * `audit` resource (no add, edit or del); checked by `npm run audit -- verify` (`cli.ts`).
 */
export const auditArea: Area<ResourceName> = {
  hooks: { audit: auditHooks },
};

export { audit, auditAlone, auditCtxOf, anonymousCtx, commandCtx, type AuditCtx, type AuditEntry } from './audit.js';
export { auditWrites } from './writes.js';
