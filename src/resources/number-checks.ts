/**
 * A number's check as the server answers it (`POST /api/device_number/check` and `/checks`): the
 * server builds it (server/intake/numbers/check.ts) and the console's 核对 dialog reads it. Kept apart
 * from the declaration so both can import it without importing each other.
 */
export interface CheckRow {
  id: number;
  identifier: string;
  /** Null once the code is too old. */
  check_code: string | null;
  state: 'unconfirmed' | 'checking' | 'confirmed';
  device_id: number | null;
  device_name: string | null;
  slot: string | null;
  slot_text: string;
  confirmed_at: string | null;
}

export interface CheckAnswer {
  list: CheckRow[];
  /** Typed numbers that are not in stock. */
  missing: number;
  valid_until: string | null;
}
