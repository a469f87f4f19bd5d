import { outboundRequest } from '../../platform/http/outbound.js';
import { signed } from './sign.js';
import { yuan, type EpayOrder } from './orders.js';
import type { EpayConfig } from './config.js';

type OpenConfig = EpayConfig & { gateway: string; pid: string; key: string };

const TIMEOUT_MS = 8_000;

/** What a pay order asks the gateway for: the same fields for the browser's submit.php and the server's mapi.php. */
function payFields(cfg: OpenConfig, order: EpayOrder, base: string): Record<string, string> {
  return {
    pid: cfg.pid,
    type: order.type,
    out_trade_no: order.order_no,
    notify_url: `${base}/api/epay/notify`,
    return_url: `${base}/api/epay/return`,
    name: `账户充值 ${(Number(order.amount) / 100).toFixed(2)} 美元`,
    money: yuan(Number(order.money)),
  };
}

/** The signed `submit.php` address the customer's browser is sent to. */
export function payUrl(cfg: OpenConfig, order: EpayOrder, base: string): string {
  const url = new URL('submit.php', cfg.gateway);
  for (const [name, value] of Object.entries(signed(payFields(cfg, order, base), cfg.key))) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The gateway's QR code for a desktop payer, asked with `mapi.php`: its `qrcode` when it gives one,
 * else null (the customer pays through `pay_url` as usual). Never throws: a gateway without the call,
 * or one that does not answer, only means no QR.
 */
export async function gatewayQr(
  cfg: OpenConfig,
  order: EpayOrder,
  base: string,
  clientIp: string,
  allowPrivate: boolean,
): Promise<string | null> {
  const body = new URLSearchParams(signed({ ...payFields(cfg, order, base), clientip: clientIp, device: 'pc' }, cfg.key)).toString();
  const res = await outboundRequest(new URL('mapi.php', cfg.gateway), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    timeoutMs: TIMEOUT_MS,
    allowPrivate,
    noun: '支付网关地址',
    maxBytes: 64 * 1024,
  });
  if (!res.ok || res.status !== 200) return null;
  const answer = parseJson(res.body);
  if (Number(answer?.code) !== 1) return null;
  const qr = answer?.qrcode;
  return typeof qr === 'string' && qr.length > 0 && qr.length <= 2000 ? qr : null;
}

export type GatewayOrderState = { paid: true; tradeNo: string; money: string } | { paid: false; why: string };

/** The gateway's word on one order (`api.php?act=order`), for an order whose notification never came. */
export async function askGateway(cfg: OpenConfig, orderNo: string, allowPrivate: boolean): Promise<GatewayOrderState> {
  const url = new URL('api.php', cfg.gateway);
  url.search = new URLSearchParams({ act: 'order', pid: cfg.pid, key: cfg.key, out_trade_no: orderNo }).toString();
  const res = await outboundRequest(url, { timeoutMs: TIMEOUT_MS, allowPrivate, noun: '支付网关地址', maxBytes: 64 * 1024 });
  if (!res.ok) return { paid: false, why: res.error };
  if (res.status !== 200) return { paid: false, why: `支付网关返回 HTTP ${res.status}` };
  const answer = parseJson(res.body);
  if (!answer || Number(answer.code) !== 1) return { paid: false, why: '支付网关未找到该订单' };
  if (Number(answer.status) !== 1) return { paid: false, why: '未支付' };
  if (String(answer.out_trade_no ?? orderNo) !== orderNo) return { paid: false, why: '支付网关返回的订单号不符' };
  return { paid: true, tradeNo: String(answer.trade_no ?? ''), money: String(answer.money ?? '') };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
