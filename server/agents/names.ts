import { COUNTRIES } from '../../names/country-names.js';

/**
 * What a product is offered to aggregators as (the SMSHUB protocol's words): its `agent_service`,
 * else its own service code; its `agent_country`, else its country's lower-case English word (as
 * 5sim and SMSHUB write it: russia, indonesia); its `agent_operator` (`any` when none is set).
 */
export interface OfferName {
  service: string;
  country: string;
  operator: string;
}

export function offerNameOf(g: {
  service: string;
  country: number;
  agent_service: string | null;
  agent_country: string | null;
  agent_operator: string | null;
}): OfferName {
  return {
    service: g.agent_service || g.service,
    country: g.agent_country || COUNTRIES[Number(g.country)]?.[3] || `country${g.country}`,
    operator: g.agent_operator || 'any',
  };
}

/**
 * A stock number as the protocol wants it: a JSON number with its country code. Stock numbers are
 * kept with their country code (the store sells them so); only the digits are sent.
 */
export function phoneNumber(identKey: string): number {
  return Number(identKey);
}
