import { authState } from '../../../providers/auth-state';

/**
 * The amount above which a purchase still asks "确认支付？" before paying: the customer's own choice,
 * kept in this browser (localStorage, per account). The account has no server field for it, and it
 * guards against a slip of the finger on this device rather than being a rule the server enforces.
 * Stored in cents; "never" is stored as an empty string; nothing stored means the default.
 */
export const DEFAULT_CONFIRM_ABOVE_CENTS = 1000;

const keyOf = () => `buy-confirm-above:${authState.getUserInfo()?.id ?? 'anyone'}`;

/** Cents above which a purchase asks first; null: never asks. */
export function readConfirmAbove(): number | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(keyOf());
  } catch {
    // Storage refused (private mode): the default applies.
  }
  if (stored === null) return DEFAULT_CONFIRM_ABOVE_CENTS;
  if (stored === '') return null;
  const cents = Number(stored);
  return Number.isInteger(cents) && cents >= 0 ? cents : DEFAULT_CONFIRM_ABOVE_CENTS;
}

export function saveConfirmAbove(cents: number | null): void {
  try {
    localStorage.setItem(keyOf(), cents === null ? '' : String(Math.max(0, Math.round(cents))));
  } catch {
    // Not kept beyond this dialog; nothing else depends on it.
  }
}

/** Whether paying `amount` dollars asks first. */
export function asksFirst(amount: number, aboveCents: number | null): boolean {
  return aboveCents !== null && Math.round(amount * 100) > aboveCents;
}
