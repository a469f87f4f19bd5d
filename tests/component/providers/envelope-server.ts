/**
 * A small real HTTP server that speaks the API's envelope `{ code, message, data }` and records every
 * request, plus the wiring that points the app's http client at it. Nothing of ours is mocked: the
 * client, the dataProvider and the pages make real HTTP calls to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { waitFor } from '@testing-library/react';
import { message, notification } from 'antd';
import { setApiBase } from '../../../src/providers/http';
import { loadNotices } from '../../../src/framework/notices';

export interface Recorded {
  method: string;
  /** Path with query string, as sent. */
  url: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when there was none. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever JSON the console sent
  body: any;
}

export interface Reply {
  code?: number;
  message?: string;
  data?: unknown;
  /** Extra response headers (e.g. a rotated Authorization). */
  headers?: Record<string, string>;
  /** HTTP status; business outcomes travel with 200. */
  status?: number;
  /** Send this text as is instead of an envelope. */
  raw?: string;
}

export type Handler = (req: Recorded) => Reply | Promise<Reply>;

export interface EnvelopeServer {
  url: string;
  requests: Recorded[];
  /** Answer `METHOD /path` (path without query) with a handler; unknown routes answer 200 with null. */
  on(route: string, handler: Handler | Reply): void;
  /** Requests to one `METHOD /path`. */
  calls(route: string): Recorded[];
  reset(): void;
  close(): Promise<void>;
}

/** A server that is not listening yet: `url` throws until `listen()` has resolved, then keeps its address. */
function createEnvelopeServer(): EnvelopeServer & { listen(): Promise<void> } {
  const routes = new Map<string, Handler>();
  const requests: Recorded[] = [];
  let url: string | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const parsed = new URL(req.url ?? '/', 'http://x');
      const rec: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(rec);
      const handler = routes.get(`${rec.method} ${rec.path}`);
      const reply: Reply = handler ? await handler(rec) : { data: null };
      res.statusCode = reply.status ?? 200;
      // A connection per request: a kept-alive one can be reused at the moment the server closes it
      // as idle (its 5 s keep-alive timeout), and that request fails as a network error on a slow machine.
      res.setHeader('Connection', 'close');
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      if (reply.raw !== undefined) {
        res.end(reply.raw);
        return;
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ code: reply.code ?? 200, message: reply.message ?? '成功', data: reply.data ?? null }));
    });
  });
  return {
    get url() {
      if (url === undefined) throw new Error('the envelope server has not started listening');
      return url;
    },
    requests,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    reset() {
      routes.clear();
      requests.length = 0;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server already listening, for a test that needs one of its own. */
export async function startEnvelopeServer(): Promise<EnvelopeServer> {
  const server = createEnvelopeServer();
  await server.listen();
  return server;
}

/**
 * One envelope server for the calling file or describe block, with the hooks every such file needs:
 * beforeAll wires antd's statics, starts listening and runs `preload` (the lazy pages; hookTimeout in vitest.config.ts);
 * afterAll closes it; beforeEach points the client at it; afterEach forgets its routes and requests
 * and clears the toasts. A file's own beforeEach runs after this one, its own afterEach before it.
 */
export function useEnvelopeServer(options: { preload?: () => Promise<unknown> } = {}): EnvelopeServer {
  const server = createEnvelopeServer();
  beforeAll(async () => {
    await wireAntdStatics();
    await server.listen();
    await options.preload?.();
  });
  afterAll(() => server.close());
  beforeEach(() => pointClientAt(server));
  afterEach(() => {
    server.reset();
    return clearToasts();
  });
  return server;
}

/** The rejection of a call, or a failure if it resolved. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever was thrown: a test that does not name its type reads it freely
export async function rejection<E = any>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error('the call resolved');
}

/** Points the app's http client at the server (Node's fetch under jsdom: it needs an absolute URL). */
export function pointClientAt(server: { url: string }): void {
  setApiBase(server.url);
}

/** antd's toasts, dialogs and notices ready (src/framework/notices.ts; framed without motion by setup.ts). */
export const wireAntdStatics = (): Promise<unknown> => loadNotices();

/** Removes every toast and notice, so one test never sees another's. */
export async function clearToasts(): Promise<void> {
  message.destroy();
  notification.destroy();
  await waitFor(() => {
    if (document.querySelector('.ant-message-notice, .ant-notification-notice')) throw new Error('toasts still shown');
  });
  // Let React finish the holders' scheduled work while jsdom is still there (it runs on setImmediate).
  await new Promise((resolve) => setTimeout(resolve, 20));
}
