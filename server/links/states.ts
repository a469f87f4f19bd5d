import { linkStates, resources } from '../../resources.config.js';

/** The state groups are declared with the links (src/resources/link-states.ts), for the console too. */
export const { live: LIVE, receiving: RECEIVING, closed: CLOSED } = linkStates;
/** Every state a link can be in. */
export const STATES = Object.keys(resources.tokens.fields.state.options);

/** The state an expired link returns to when renewed: what it was before it expired. */
export function stateAfterRenewal(t: { received: number; receive_limit: number; last_code: string | null }): string {
  if (t.receive_limit > 0 && t.received >= t.receive_limit) return 'used_up';
  return t.last_code ? 'code_received' : 'active';
}
