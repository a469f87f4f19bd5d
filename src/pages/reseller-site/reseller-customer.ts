/** One of the reseller's customers as `POST /api/reseller/customers` lists it. */
export interface ResellerCustomer {
  id: number;
  username: string;
  balance: number;
  orders: number;
  create_at: string | null;
}
