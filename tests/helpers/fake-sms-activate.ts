/**
 * A small local provider speaking SMS-Activate's handler_api.php byte-exactly (docs/sms-activate.md#transport):
 * HTTP 200 text/plain, the bare word, no trailing newline; GET or POST, parameters in the query string
 * (a form body is read too). Stock, balance, codes and failures are set by the test.
 *
 *   const fake = await startFakeSmsActivate({ balance: 10, stock: { tg: { count: 2, price: 1.5 } } });
 *   fake.url                         // the handler URL for a product's upstream base URL
 *   fake.deliver(id, '12345')        // a code arrives for an activation
 *   fake.fault('getNumber', { kind: 'slow', ms: 3000 })   // buys, then answers late
 *   await fake.close();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeActivation {
  id: number;
  service: string;
  country: string;
  phone: string;
  cost: number;
  /** wait_code -> (code) ok -> (setStatus 3) wait_retry -> ... ; finished or cancelled at the end. */
  state: 'wait_code' | 'ok' | 'wait_retry' | 'finished' | 'cancelled';
  codes: string[];
  text: string | null;
  createdAt: number;
}

/**
 * What goes wrong on the next calls of an action. `applyEffect` (default true): the provider did the
 * work (bought the number) before failing to answer, which is what makes an outcome unknown.
 */
export interface Fault {
  /** 'hold': the answer waits until the test calls `release()`. */
  kind: 'http500' | 'garbage' | 'drop' | 'slow' | 'body' | 'hold';
  ms?: number;
  /** For kind 'body': the answer and its HTTP status (default 200). */
  body?: string;
  status?: number;
  applyEffect?: boolean;
  /** How many calls it affects; default 1. */
  times?: number;
}

export interface FakeRequest {
  method: string;
  action: string;
  params: Record<string, string>;
  contentType: string | null;
  body: string;
}

export interface FakeOptions {
  apiKey?: string;
  balance?: number;
  /** Per service (country 0) or `service:country`: count and price. */
  stock?: Record<string, { count: number; price: number }>;
  /** Cancels within this many ms of buying answer EARLY_CANCEL_DENIED (the official service: 2 min). */
  earlyCancelMs?: number;
  now?: () => number;
}

export interface FakeSmsActivate {
  url: string;
  apiKey: string;
  balance: number;
  activations: Map<number, FakeActivation>;
  requests: FakeRequest[];
  setStock(service: string, count: number, price: number, country?: string): void;
  stockOf(service: string, country?: string): number;
  deliver(id: number | string, code: string, text?: string): void;
  fault(action: string, fault: Fault): void;
  /** Answers every held call now; resolves how many there were. */
  release(): number;
  close(): Promise<void>;
}

const two = (n: number) => n.toFixed(2);
const stockKey = (service: string, country = '0') => `${service}:${country}`;

export async function startFakeSmsActivate(options: FakeOptions = {}): Promise<FakeSmsActivate> {
  const now = options.now ?? Date.now;
  const stock = new Map<string, { count: number; price: number }>();
  for (const [k, v] of Object.entries(options.stock ?? {})) stock.set(k.includes(':') ? k : stockKey(k), { ...v });
  const faults = new Map<string, Fault[]>();
  const timers = new Set<NodeJS.Timeout>();
  const held: Array<() => void> = [];
  let nextId = 100_000;
  let nextPhone = 79_000_000_001;

  const fake: FakeSmsActivate = {
    url: '',
    apiKey: options.apiKey ?? 'fake-key-0123456789abcdef',
    balance: options.balance ?? 100,
    activations: new Map(),
    requests: [],
    setStock: (service, count, price, country) => void stock.set(stockKey(service, country), { count, price }),
    stockOf: (service, country) => stock.get(stockKey(service, country))?.count ?? 0,
    deliver(id, code, text) {
      const a = fake.activations.get(Number(id));
      if (!a) throw new Error(`no activation ${id}`);
      a.codes.push(code);
      a.text = text ?? `Your code: ${code}`;
      if (a.state === 'wait_code' || a.state === 'wait_retry') a.state = 'ok';
    },
    fault(action, fault) {
      const list = faults.get(action) ?? [];
      for (let i = 0; i < (fault.times ?? 1); i++) list.push(fault);
      faults.set(action, list);
    },
    release() {
      const n = held.length;
      for (const answer of held.splice(0)) answer();
      return n;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function getNumber(p: Record<string, string>): string {
    const key = stockKey(p.service ?? '', p.country ?? '0');
    const item = stock.get(key);
    if (!item) return [...stock.keys()].some((k) => k.startsWith(`${p.service}:`)) ? 'NO_NUMBERS' : 'BAD_SERVICE';
    const max = p.maxPrice ?? p.max_price;
    if (max !== undefined && Number(max) < item.price) return `WRONG_MAX_PRICE:${item.price}`;
    if (item.count <= 0) return 'NO_NUMBERS';
    if (fake.balance < item.price) return 'NO_BALANCE';
    item.count--;
    fake.balance = Math.round((fake.balance - item.price) * 100) / 100;
    const a: FakeActivation = {
      id: nextId++,
      service: p.service,
      country: p.country ?? '0',
      phone: String(nextPhone++),
      cost: item.price,
      state: 'wait_code',
      codes: [],
      text: null,
      createdAt: now(),
    };
    fake.activations.set(a.id, a);
    return `ACCESS_NUMBER:${a.id}:${a.phone}`;
  }

  function getStatus(a: FakeActivation): string {
    const last = a.codes[a.codes.length - 1];
    if (a.state === 'ok') return `STATUS_OK:${last}`;
    if (a.state === 'wait_retry') return `STATUS_WAIT_RETRY:${last}`;
    if (a.state === 'wait_code') return 'STATUS_WAIT_CODE';
    return 'STATUS_CANCEL';
  }

  function setStatus(a: FakeActivation, status: string): string {
    if (a.state === 'finished' || a.state === 'cancelled') return 'NO_ACTIVATION';
    if (status === '1') return 'ACCESS_READY';
    if (status === '3') {
      if (!a.codes.length) return 'BAD_STATUS';
      a.state = 'wait_retry';
      return 'ACCESS_RETRY_GET';
    }
    if (status === '6') {
      a.state = 'finished';
      return 'ACCESS_ACTIVATION';
    }
    if (status === '8' || status === '-1') {
      if (options.earlyCancelMs && now() - a.createdAt < options.earlyCancelMs) return 'EARLY_CANCEL_DENIED';
      if (a.codes.length) return 'BAD_STATUS';
      a.state = 'cancelled';
      fake.balance = Math.round((fake.balance + a.cost) * 100) / 100;
      return 'ACCESS_CANCEL';
    }
    return 'BAD_STATUS';
  }

  function activeActivations(): string {
    const list = [...fake.activations.values()].filter((a) => a.state !== 'finished' && a.state !== 'cancelled');
    if (!list.length) return 'NO_ACTIVATIONS';
    return JSON.stringify({
      status: 'success',
      activeActivations: list.map((a) => ({
        activationId: String(a.id),
        serviceCode: a.service,
        phoneNumber: a.phone,
        activationCost: two(a.cost),
        activationStatus: a.state === 'wait_code' ? '4' : a.state === 'wait_retry' ? '3' : '2',
        smsCode: a.codes.length ? a.codes : null,
        smsText: a.text,
        activationTime: new Date(a.createdAt).toISOString().slice(0, 19).replace('T', ' '),
        countryCode: a.country,
        canGetAnotherSms: '1',
      })),
    });
  }

  function answer(p: Record<string, string>): string {
    if (p.api_key !== fake.apiKey) return 'BAD_KEY';
    const activation = () => fake.activations.get(Number(p.id));
    switch (p.action) {
      case 'getBalance':
        return `ACCESS_BALANCE:${two(fake.balance)}`;
      case 'getNumber':
        return getNumber(p);
      case 'getStatus':
        return activation() ? getStatus(activation()!) : 'NO_ACTIVATION';
      case 'setStatus':
        return activation() ? setStatus(activation()!, p.status ?? '') : 'NO_ACTIVATION';
      case 'getActiveActivations':
        return activeActivations();
      default:
        return 'BAD_ACTION';
    }
  }

  function send(res: http.ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      if (url.pathname !== '/stubs/handler_api.php') return send(res, 404, 'Not Found');
      const params: Record<string, string> = {};
      if (/x-www-form-urlencoded/.test(req.headers['content-type'] ?? ''))
        Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
      Object.assign(params, Object.fromEntries(url.searchParams));
      fake.requests.push({
        method: req.method ?? '',
        action: params.action ?? '',
        params,
        contentType: req.headers['content-type'] ?? null,
        body,
      });

      const fault = faults.get(params.action ?? '')?.shift();
      if (!fault) return send(res, 200, answer(params));
      const word = fault.applyEffect === false ? '' : answer(params);
      if (fault.kind === 'drop') return req.socket.destroy();
      if (fault.kind === 'http500') return send(res, 500, '<html><body>502 Bad Gateway</body></html>');
      if (fault.kind === 'garbage') return send(res, 200, '<!DOCTYPE html><title>Just a moment...</title>');
      if (fault.kind === 'body') return send(res, fault.status ?? 200, fault.body ?? '');
      if (fault.kind === 'hold')
        return void held.push(() => {
          if (!res.destroyed) send(res, 200, word || answer(params));
        });
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) send(res, 200, word || answer(params));
      }, fault.ms ?? 5000);
      timers.add(t);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stubs/handler_api.php`;
  return fake;
}
