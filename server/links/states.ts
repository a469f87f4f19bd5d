import { linkStates, resources } from '../../resources.config.js';
import type { TokensTable } from '../schema/tables.js';

/** A state a link can be in (the `tokens` resource's `state` options). */
export type LinkState = TokensTable['state'];

/** The state groups are declared with the links (src/resources/link-states.ts), for the console too. */
export const { live: LIVE, receiving: RECEIVING, closed: CLOSED } = linkStates;
/** Every state a link can be in. */
export const STATES = Object.keys(resources.tokens.fields.state.options);

export function isLinkState(value: unknown): value is LinkState {
  return typeof value === 'string' && STATES.includes(value);
}

/** The state an expired link returns to when renewed: what it was before it expired. */
export function stateAfterRenewal(t: { received: number; receive_limit: number; last_code: string | null }): LinkState {
  if (t.receive_limit > 0 && t.received >= t.receive_limit) return 'used_up';
  return t.last_code ? 'code_received' : 'active';
}
