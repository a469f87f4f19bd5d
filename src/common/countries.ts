import { countryZh } from '../../names/country-names';

/** A country number in Chinese; one not in the list as `国家 <n>`. A product without one is country 0, as the protocol reads it. */
export function countryName(country: number | null | undefined): string {
  const n = country ?? 0;
  return countryZh(n);
}
