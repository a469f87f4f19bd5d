import type { Ctx } from '../platform/context.js';
import { supServiceNames, type SupServiceName } from '../store/index.js';
import { COUNTRIES, countryZh } from '../../names/country-names.js';
import { SERVICE_NAMES } from '../../names/service-names.js';

/**
 * The names the protocol's lists give countries and services: getCountries answers each country in
 * Russian, English and Chinese (names/country-names.ts); getServicesList a service in English, or
 * Chinese for `lang=cn`. A country number not listed is named by its number.
 */

/** A country's names in the order getCountries sends them. */
export function countryNames(country: number): { rus: string; eng: string; chn: string } {
  const known = COUNTRIES[country];
  if (known) return { rus: known[2], eng: known[1], chn: known[0] };
  return { rus: `Страна ${country}`, eng: `Country ${country}`, chn: countryZh(country) };
}

export type Lang = 'en' | 'cn';

/**
 * Each code's name in `lang`: the sup's (service_names), else the built-in one, else the code. A
 * Chinese name falls back to the English one.
 */
export async function serviceNames(ctx: Ctx, codes: string[], lang: Lang): Promise<Map<string, string>> {
  const bySup = codes.length ? await supServiceNames(ctx) : new Map<string, SupServiceName>();
  return new Map(
    codes.map((code) => {
      const sup = bySup.get(code);
      const known = SERVICE_NAMES[code.toLowerCase()];
      const en = sup?.name || known?.[0] || code;
      const cn = sup ? sup.cn || sup.name : known?.[1] || en;
      return [code, lang === 'cn' ? cn : en];
    }),
  );
}
