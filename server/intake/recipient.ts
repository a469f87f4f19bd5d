import type { Ctx } from '../platform/context.js';
import { prepared } from '../platform/db/fast-query.js';
import { identKey } from '../catalog/index.js';

const CN_MOBILE = /^1[3-9]\d{9}$/;

/**
 * The receiving number as stock spells it. SIM remarks in China usually hold the national number
 * (`中国移动_13800138000`, the app's "fill in" button), while numbers are sold with their country
 * code: an 11-digit Chinese mobile number without one is +86, unless a link holds it bare (sold numbers have links; indexed by ident_key).
 */
export async function stockSpelling(ctx: Ctx, number: string): Promise<string> {
  const digits = identKey(number);
  if (!number || number.trim().startsWith('+') || !CN_MOBILE.test(digits)) return number;
  const [bare] = await linkHolding(ctx.database, [digits, 1]);
  return bare ? number : `+86${digits}`;
}

const linkHolding = prepared((db) => db.selectFrom('tokens').select('id').where('ident_key', '=', '').limit(1));
