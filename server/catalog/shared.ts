import type { Ctx } from '../platform/context.js';

const CHUNK = 500;
const SHOWN = 5;

export interface SharedNumbers {
  count: number;
  /** A few of the numbers and of the other products, for the sup to look at. */
  numbers: string[];
  products: string[];
}

/** A product's rules as one comparable text: two products with the same text cannot be told apart. */
const rulesOf = (g: { match_sender: string | null; match_keyword: string | null }) =>
  [g.match_sender, g.match_keyword]
    .map((r) =>
      (r ?? '')
        .split('|')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean)
        .sort()
        .join('|'),
    )
    .join('\n');

/**
 * Of the numbers just imported into a product, those also live (on sale, or sold) in another product
 * whose match rules are the same as this one's (none at all, most often): an SMS to such a number
 * may be for either customer, and unless its sender names the service it waits in the inbox for the
 * sup (server/codes/choose-links.ts).
 */
export async function sharedNumbers(ctx: Ctx, goodsId: number, keys: string[]): Promise<SharedNumbers> {
  const own = await ctx.db
    .selectFrom('goods')
    .select(['match_sender', 'match_keyword'])
    .where('id', '=', goodsId)
    .executeTakeFirstOrThrow();
  const mine = rulesOf(own);
  const numbers = new Set<string>();
  const products = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await ctx.db
      .selectFrom('stock_items as s')
      .innerJoin('goods as g', 'g.id', 's.goods_id')
      .select(['s.identifier', 'g.title', 'g.match_sender', 'g.match_keyword'])
      .where('s.ident_key', 'in', keys.slice(i, i + CHUNK))
      .where('s.goods_id', '<>', goodsId)
      .where('s.state', 'in', ['available', 'sold'])
      .execute();
    for (const r of rows) {
      if (rulesOf(r) !== mine) continue;
      numbers.add(r.identifier);
      products.add(r.title);
    }
  }
  return { count: numbers.size, numbers: [...numbers].slice(0, SHOWN), products: [...products].slice(0, SHOWN) };
}
