import { formatTime } from '../platform/lib/time.js';
import { Json } from './answers.js';

/** The rent family's error words (they travel as `{"status":"error","message":"WORD"}`). */
export const RW = {
  BAD_SERVICE: 'BAD_SERVICE',
  NO_BALANCE: 'NO_BALANCE',
  NO_NUMBERS: 'NO_NUMBERS',
  NO_ID_RENT: 'NO_ID_RENT',
  STATUS_WAIT_CODE: 'STATUS_WAIT_CODE',
  STATUS_FINISH: 'STATUS_FINISH',
  STATUS_CANCEL: 'STATUS_CANCEL',
  CANT_CANCEL: 'CANT_CANCEL',
  ALREADY_FINISH: 'ALREADY_FINISH',
  ALREADY_CANCEL: 'ALREADY_CANCEL',
  // Spelled as the protocol spells it.
  INCORECT_STATUS: 'INCORECT_STATUS',
  INVALID_TIME: 'INVALID_TIME',
  RENT_DIE: 'RENT_DIE',
  /** Not the protocol's: a `url` that is not http(s) (our own word, in the family's form). */
  BAD_URL: 'BAD_URL',
} as const;

export const rentError = (word: string) => new Json(JSON.stringify({ status: 'error', message: word }));
export const rentSuccess = (fields: Record<string, unknown> = {}) => new Json(JSON.stringify({ status: 'success', ...fields }));

/** Cents as the protocol's JSON number of dollars (4.2, 6.33). */
export const dollarsNumber = (cents: number) => cents / 100;

/** getRentNumber's `endDate`: `yyyy-MM-ddTHH:mm:ss` in the business time zone. */
export const endDate = (ms: number, tz: string) => formatTime(ms, tz)!.replace(' ', 'T');

/** getRentNumber's and continueRentNumber's answer. */
export const rentPhone = (id: number, expiresAt: number, identifier: string, tz: string) =>
  rentSuccess({ phone: { id, endDate: endDate(expiresAt, tz), number: identifier.replace(/\D/g, '') } });
