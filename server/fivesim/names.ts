import type { Ctx } from '../platform/context.js';
import { COUNTRIES } from '../../names/country-names.js';
import { FIVESIM_PRODUCTS } from '../../names/fivesim-names.js';
import { countryNames } from '../sms-activate/index.js';

/** A country we have no 5sim word for is named by its number. */
const UNLISTED = /^country(\d{1,4})$/;

/** The country word of an SMS-Activate country number. */
export function countryName(country: number): string {
  return COUNTRIES[country]?.[3] ?? `country${country}`;
}

/** A country's word, ISO code, dialling prefix and English name, as /v1/guest/countries lists them. */
export function countryFacts(country: number): { name: string; iso: string; prefix: string; en: string; ru: string } {
  const known = COUNTRIES[country];
  const { eng, rus } = countryNames(country);
  return { name: countryName(country), iso: known?.[4] ?? '', prefix: known?.[5] ?? '', en: eng, ru: rus };
}

const numbersByName = new Map<string, number[]>();
for (const [number, row] of Object.entries(COUNTRIES)) numbersByName.set(row[3], [...(numbersByName.get(row[3]) ?? []), Number(number)]);

/** The country numbers a country word stands for (several for the USA, Japan …); [] when it names none. */
export function countryNumbers(name: string): number[] {
  const unlisted = UNLISTED.exec(name);
  if (unlisted) return COUNTRIES[Number(unlisted[1])] ? [] : [Number(unlisted[1])];
  return numbersByName.get(name) ?? [];
}

/**
 * The product word of every service code the sup renamed for 5sim (接码中心 → 服务名称), read once
 * and kept in the hot-read cache (emptied by any write, so a rename shows at once).
 */
async function supProducts(ctx: Ctx): Promise<Map<string, string>> {
  const rows = await ctx.database.caches.get('fivesim:products', ctx.now(), () =>
    ctx.db.selectFrom('service_names').select(['service', 'fivesim']).where('fivesim', 'is not', null).execute(),
  );
  return new Map(rows.filter((r) => r.fivesim?.trim()).map((r) => [r.service, r.fivesim!.trim().toLowerCase()]));
}

/** Names service codes as products: the sup's word, else the built-in one, else the code itself. */
export async function productNamer(ctx: Ctx): Promise<(service: string) => string> {
  const sup = await supProducts(ctx);
  return (service) => sup.get(service) ?? FIVESIM_PRODUCTS[service.toLowerCase()] ?? service.toLowerCase();
}

/** The service codes a product word stands for now (a renamed code answers to its new word only). */
export async function servicesOf(ctx: Ctx, product: string): Promise<string[]> {
  const word = product.toLowerCase();
  const sup = await supProducts(ctx);
  const named = await productNamer(ctx);
  const candidates = new Set<string>([word]);
  for (const [service, name] of sup) if (name === word) candidates.add(service);
  for (const [service, name] of Object.entries(FIVESIM_PRODUCTS)) if (name === word) candidates.add(service);
  return [...candidates].filter((service) => named(service) === word);
}
