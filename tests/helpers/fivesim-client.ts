/**
 * A 5sim API v1 client written the way the public ones call (ErikPelli/fivesim, PyFiveSim, znmn's):
 * GET with `Authorization: Bearer <key>` and `Accept: application/json`; a success is HTTP 200 with
 * `Content-Type: application/json` exactly (PyFiveSim accepts nothing else), read as JSON; anything
 * else is an error whose text the scripts compare word for word, with its status.
 */
export class FiveSimError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly type: string | null,
  ) {
    super(`${status} ${text}`);
  }
}

export interface FiveSimOrder {
  id: number;
  phone: string;
  operator: string;
  product: string;
  price: number;
  status: string;
  expires: string;
  sms: { created_at: string; date: string; sender: string; text: string; code: string }[] | null;
  created_at: string;
  forwarding: boolean;
  forwarding_number: string;
  country: string;
}

/** A field the client's model cannot read: PyFiveSim raises, so the script stops. */
export class ModelError extends Error {}

/** One purchase of the profile, read as PyFiveSim's ProfileOrder splits `country:service:operator:service_id:price`. */
export interface ProfileOrder {
  country: string;
  service: string;
  operator: string;
  service_id: number;
  price: number;
}

export interface Profile {
  id: number;
  email: string;
  balance: number;
  rating: number;
  default_country: { name: string; iso: string; prefix: string };
  default_operator: { name: string | null };
  frozen_balance: number;
  did_order: boolean;
  last_order: ProfileOrder;
  last_top_orders: ProfileOrder[];
  last_top_idx: number;
  total_active_orders: number;
}

function need<T>(ok: boolean, value: T, field: string): T {
  if (!ok) throw new ModelError(`${field}: ${JSON.stringify(value)}`);
  return value;
}
const text = (v: unknown, field: string) => need(typeof v === 'string', v as string, field);
const whole = (v: unknown, field: string) =>
  need(Number.isInteger(typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), Number(v), field);
const amount = (v: unknown, field: string, max = Infinity) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return need(typeof n === 'number' && n >= 0 && n <= max, n as number, field);
};

function profileOrder(raw: unknown, field: string): ProfileOrder {
  const data = text(raw, field).split(':');
  need(data.length >= 5, raw, field);
  return {
    country: data[0],
    service: data[1],
    operator: data[2],
    service_id: whole(data[3], `${field}.service_id`),
    price: amount(data[4], `${field}.price`),
  };
}

/**
 * The profile as PyFiveSim's UserProfile model takes it: every field required, `last_order` a string
 * split on `:`, `last_top_orders` a string whose braces are cut and whose items split on `,`. The
 * e-mail's format (its EmailStr) is not checked: an account without an e-mail answers its username.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON, which the model checks field by field itself (as PyFiveSim's does)
export function profileModel(p: Record<string, any>): Profile {
  const country = need(p.default_country !== null && typeof p.default_country === 'object', p.default_country, 'default_country');
  const operator = need(p.default_operator !== null && typeof p.default_operator === 'object', p.default_operator, 'default_operator');
  return {
    id: whole(p.id, 'id'),
    email: text(p.email, 'email'),
    balance: amount(p.balance, 'balance'),
    rating: amount(p.rating, 'rating', 96),
    default_country: {
      name: text(country.name, 'default_country.name'),
      iso: text(country.iso, 'default_country.iso'),
      prefix: text(country.prefix, 'default_country.prefix'),
    },
    default_operator: { name: need('name' in operator, operator.name, 'default_operator.name') || null },
    frozen_balance: amount(p.frozen_balance, 'frozen_balance'),
    did_order: need(typeof p.did_order === 'boolean', p.did_order, 'did_order'),
    last_order: profileOrder(p.last_order, 'last_order'),
    last_top_orders: text(p.last_top_orders, 'last_top_orders')
      .slice(1, -1)
      .split(',')
      .map((x) => profileOrder(x, 'last_top_orders')),
    last_top_idx: whole(p.last_top_idx, 'last_top_idx'),
    total_active_orders: need(
      Number.isInteger(p.total_active_orders) && p.total_active_orders >= 0,
      p.total_active_orders,
      'total_active_orders',
    ),
  };
}

export interface Country {
  name: string;
  iso: string;
  prefix: string;
  text_en: string;
  text_ru: string;
  available_operators: string[];
}

/**
 * guest/countries as PyFiveSim reads it: `Country(**info, name=country)`, the operators every key
 * after the first four except the last (the `name` it adds itself); iso and prefix their first keys.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON, which the model checks field by field itself (as PyFiveSim's does)
export function countryModels(answer: Record<string, Record<string, any>>): Country[] {
  return Object.entries(answer).map(([name, info]) => {
    const data: Record<string, unknown> = { ...info, name };
    return {
      name,
      iso: Object.keys(info.iso)[0],
      prefix: Object.keys(info.prefix)[0],
      text_en: text(info.text_en, 'text_en'),
      text_ru: text(info.text_ru, 'text_ru'),
      available_operators: Object.keys(data).slice(4, -1),
    };
  });
}

export function fiveSim(base: string, key: string | null) {
  async function get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    const res = await fetch(`${base}/v1/${path}${q ? `?${q}` : ''}`, { headers });
    const text = await res.text();
    const type = res.headers.get('content-type');
    if (res.status === 200 && type === 'application/json') return JSON.parse(text) as T;
    throw new FiveSimError(res.status, text, type);
  }
  return {
    get,
    profile: async () => profileModel(await get<Parameters<typeof profileModel>[0]>('user/profile')),
    countries: async () => countryModels(await get<Parameters<typeof countryModels>[0]>('guest/countries')),
    buy: (country: string, operator: string, product: string, query: Record<string, string | number> = {}) =>
      get<FiveSimOrder>(`user/buy/activation/${country}/${operator}/${product}`, query),
    check: (id: number) => get<FiveSimOrder>(`user/check/${id}`),
    finish: (id: number) => get<FiveSimOrder>(`user/finish/${id}`),
    cancel: (id: number) => get<FiveSimOrder>(`user/cancel/${id}`),
    ban: (id: number) => get<FiveSimOrder>(`user/ban/${id}`),
    inbox: (id: number) => get<{ Data: FiveSimOrder['sms'] & object; Total: number }>(`user/sms/inbox/${id}`),
    orders: (query: Record<string, string | number> = {}) =>
      get<{ Data: FiveSimOrder[]; ProductNames: unknown[]; Statuses: unknown[]; Total: number }>('user/orders', {
        category: 'activation',
        ...query,
      }),
    reuse: (product: string, number: string) => get<FiveSimOrder>(`user/reuse/${product}/${number}`),
  };
}

/** The error a call fails with (the test fails when it succeeds). */
export async function refusal(call: Promise<unknown>): Promise<FiveSimError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof FiveSimError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}
