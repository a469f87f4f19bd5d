/** One of the reseller's customers as `POST /api/reseller/customers` lists it. */
export interface ResellerCustomer {
  id: number;
  username: string;
  balance: number;
  orders: number;
  /** What this customer's orders earned the reseller, pending or settled, less what refunds took back. */
  profit: number;
  /** What refunds of this customer's orders took back. */
  profit_reversed: number;
  create_at: string | null;
}
