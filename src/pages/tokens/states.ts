/** Link states as the server names them (server/tokens/states.ts): which ones an action applies to. */
export const LIVE = ['active', 'code_received', 'used_up'];
export const CLOSED = ['revoked', 'refunded', 'finished'];
