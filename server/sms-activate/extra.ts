import { AppError, Code } from '../platform/http/envelope.js';
import { priceOf, userPricing } from '../pricing/index.js';
import { reuseCheck, reuseLink } from '../sales/index.js';
import { accessNumber, Json, W, type Answer } from './answers.js';
import { activationId, type Call } from './params.js';

/** The activation asked about: `activationId`, or `id` as aiosmsactivate sends it. */
const askedId = (c: Call) => activationId(c.p.activationId ?? c.p.id);

const refusalWord = (reason: string) => (reason === 'offline' ? W.SIM_OFFLINE : W.RENEW_ACTIVATION_NOT_AVAILABLE);

/**
 * checkExtraActivation&activationId: whether the number of an activation that got its code may be
 * taken again now (再次使用此号码), and at what price:
 * `{"status":"success","cost":1.5,"service":"tg","phone":79001234567,"country":0}` (phone a number).
 * SIM_OFFLINE when the phone holding it is silent; RENEW_ACTIVATION_NOT_AVAILABLE when it went
 * elsewhere, its product's window passed or it still waits for a code; WRONG_ACTIVATION_ID when it
 * is not this customer's.
 */
export async function checkExtraActivation(c: Call): Promise<Answer> {
  const id = askedId(c);
  const checked = id === null ? null : await reuseCheck(c.ctx, c.userId, id);
  if (checked === null) return W.WRONG_ACTIVATION_ID;
  if ('reason' in checked) return refusalWord(checked.reason);
  const goods = await c.ctx.db
    .selectFrom('goods')
    .select(['id', 'price', 'service', 'country'])
    .where('id', '=', checked.goodsId)
    .executeTakeFirstOrThrow();
  const price = priceOf(await userPricing(c.ctx.db, c.userId), { id: Number(goods.id), price: Number(goods.price) }, c.ctx.now());
  return new Json(
    JSON.stringify({
      status: 'success',
      cost: price.unitPrice / 100,
      service: goods.service,
      phone: Number(checked.identifier.replace(/\D/g, '')),
      country: Number(goods.country),
    }),
  );
}

/**
 * getExtraActivation&activationId (or `id`): the same number again as a new activation, bought as
 * 再次使用此号码 is (server/sales/reuse.ts: the customer's price today, the debit and its ledger
 * row): `ACCESS_NUMBER:<new id>:<phone>`. Refusals as checkExtraActivation, NO_BALANCE, and
 * NEW_ACTIVATION_IMPOSSIBLE when the product cannot be bought now (taken off sale meanwhile).
 */
export async function getExtraActivation(c: Call): Promise<Answer> {
  const id = askedId(c);
  if (id === null) return W.WRONG_ACTIVATION_ID;
  try {
    const purchase = await reuseLink(c.ctx, c.userId, id);
    const link = purchase.tokens[0];
    return accessNumber(link.id, link.identifier.replace(/\D/g, ''));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === Code.notFound) return W.WRONG_ACTIVATION_ID;
    if (error.code === Code.balanceLow) return W.NO_BALANCE;
    const reason = (error.data as { reason?: string } | null)?.reason;
    if (reason) return refusalWord(reason);
    // The number was taken by another purchase between the check and the purchase.
    if (error.code === Code.conflict) return W.RENEW_ACTIVATION_NOT_AVAILABLE;
    return W.NEW_ACTIVATION_IMPOSSIBLE;
  }
}
