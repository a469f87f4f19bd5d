import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { auditAnchorJob } from './anchor-job.js';
import { auditHooks } from './hooks.js';

/**
 * The audit trail: one hash-chained row per audited action (`audit.ts`), written by each area in the
 * transaction of its change; the generic writes through `writes.ts`; read through the generic
 * `audit` resource (no add, edit or del); checked by `npm run audit -- verify` (`cli.ts`), against
 * the chain's head published outside the database (`anchor.ts`, the job in `anchor-job.ts`).
 */
export const auditArea: Area<ResourceName> = {
  hooks: { audit: auditHooks },
  jobs: [auditAnchorJob],
};

export { audit, auditAlone, auditCtxOf, anonymousCtx, commandCtx, type AuditCtx, type AuditEntry } from './audit.js';
export { auditWrites } from './writes.js';
export { anchorLine, chainHead, type AuditAnchor } from './anchor.js';
export { auditLogin } from './login.js';
export { switchedMoneyAudit, refundAudit, auditIfSwitched } from './money.js';
