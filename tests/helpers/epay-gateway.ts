/**
 * A stand-in for an 易支付 (彩虹易支付 V1) gateway on loopback, speaking the merchant protocol as the
 * real ones do (docs/epay.md): `submit.php` takes a signed browser payment, `mapi.php` a signed server
 * call answering a QR code, `api.php?act=order` answers an order's state to the merchant's pid and key,
 * and a payment made here is told to the merchant's `notify_url` as a signed GET (or POST form) whose
 * answer must be the bare text `success`. It checks every signature it is sent with the merchant key,
 * computing MD5 itself (not with the server's code).
 */
import crypto from 'node:crypto';
import http from 'node:http';

export interface GatewayOrder {
  outTradeNo: string;
  tradeNo: string;
  type: string;
  money: string;
  name: string;
  notifyUrl: string;
  returnUrl: string;
  paid: boolean;
}

function md5Sign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return crypto
    .createHash('md5')
    .update(text + key)
    .digest('hex');
}

export class FakeEpayGateway {
  readonly orders = new Map<string, GatewayOrder>();
  /** Every request's path and parameters, in order. */
  readonly seen: { path: string; params: Record<string, string> }[] = [];
  /** mapi.php answers a QR code (true) or only a pay URL (false). */
  qr = true;
  /** Whether the gateway has mapi.php at all (BEpusdt's epay mode has not: 404). */
  mapi = true;
  private next = 1;

  private constructor(
    private server: http.Server,
    readonly url: string,
    readonly pid: string,
    readonly key: string,
  ) {}

  static async start(pid = '1001', key = 'merchant-key-0123456789'): Promise<FakeEpayGateway> {
    const held: { gateway?: FakeEpayGateway } = {};
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => held.gateway!.handle(req, body, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    held.gateway = new FakeEpayGateway(server, `http://127.0.0.1:${port}/`, pid, key);
    return held.gateway;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Whether the parameters carry a good MD5 signature under the merchant key. */
  signedOk(params: Record<string, string>): boolean {
    return params.sign_type === 'MD5' && params.sign === md5Sign(params, this.key);
  }

  private take(params: Record<string, string>): GatewayOrder {
    const known = this.orders.get(params.out_trade_no);
    if (known) return known;
    const order: GatewayOrder = {
      outTradeNo: params.out_trade_no,
      tradeNo: `2026${String(this.next++).padStart(12, '0')}`,
      type: params.type,
      money: params.money,
      name: params.name,
      notifyUrl: params.notify_url,
      returnUrl: params.return_url,
      paid: false,
    };
    this.orders.set(order.outTradeNo, order);
    return order;
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.headers['content-type']?.includes('application/x-www-form-urlencoded'))
      Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    this.seen.push({ path: url.pathname, params });
    const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/submit.php') {
      if (params.pid !== this.pid || !this.signedOk(params))
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('签名校验失败');
      this.take(params);
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<h1>收银台</h1><p>¥${params.money}</p>`);
    }
    if (url.pathname === '/mapi.php' && this.mapi) {
      if (params.pid !== this.pid || !this.signedOk(params)) return json({ code: -1, msg: '签名校验失败' });
      const order = this.take(params);
      return json(
        this.qr
          ? { code: 1, msg: 'ok', trade_no: order.tradeNo, qrcode: `weixin://wxpay/bizpayurl?pr=${order.tradeNo}` }
          : { code: 1, msg: 'ok', trade_no: order.tradeNo, payurl: `${this.url}pay/${order.tradeNo}` },
      );
    }
    if (url.pathname === '/api.php' && params.act === 'order') {
      if (params.pid !== this.pid || params.key !== this.key) return json({ code: -1, msg: '商户密钥错误' });
      const order = this.orders.get(params.out_trade_no);
      if (!order) return json({ code: -1, msg: '订单不存在' });
      return json({
        code: 1,
        msg: '查询订单号成功！',
        trade_no: order.tradeNo,
        out_trade_no: order.outTradeNo,
        type: order.type,
        pid: this.pid,
        money: order.money,
        status: order.paid ? 1 : 0,
      });
    }
    res.writeHead(404).end('not found');
  }

  /** The signed notification of a paid order, as the gateway sends it (fields may be overridden to forge one). */
  notification(outTradeNo: string, change: Record<string, string> = {}, signWith = this.key): Record<string, string> {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`the gateway never saw ${outTradeNo}`);
    const params: Record<string, string> = {
      pid: this.pid,
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      ...change,
    };
    return { ...params, sign: md5Sign(params, signWith), sign_type: 'MD5' };
  }

  /** The payer pays: the order is paid here, and (unless `silent`) the merchant is told; the merchant's answer text. */
  async pay(outTradeNo: string, o: { method?: 'GET' | 'POST'; silent?: boolean } = {}): Promise<string | null> {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`the gateway never saw ${outTradeNo}`);
    order.paid = true;
    if (o.silent) return null;
    return this.tell(order.notifyUrl, this.notification(outTradeNo), o.method);
  }

  /** Sends notification parameters to a notify URL; the merchant's answer text. */
  async tell(notifyUrl: string, params: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<string> {
    if (method === 'GET') {
      const url = new URL(notifyUrl);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return (await fetch(url)).text();
    }
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    return res.text();
  }
}
