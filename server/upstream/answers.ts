/**
 * A provider's answers to handler_api.php, parsed per action (docs/sms-activate.md#parsing-upstream-answers),
 * in the protocol's own words (server/sms-activate/words.ts). Error words are the same for every action.
 */
import { W } from '../sms-activate/index.js';

export type UpstreamAction = 'getBalance' | 'getNumber' | 'getStatus' | 'setStatus' | 'getActiveActivations';

/** Words that mean the provider refused and changed nothing. */
export type UpstreamRefusal = keyof typeof REFUSALS;

export type ActivationStatus = 'WAIT_CODE' | 'WAIT_RETRY' | 'WAIT_RESEND' | 'OK' | 'CANCEL';

export interface ActiveActivation {
  activationId: string;
  phone: string;
  service: string;
  status: string;
  codes: string[];
  text: string | null;
  time: string | null;
}

const REFUSALS = {
  [W.NO_NUMBERS]: '上游暂无可用号码',
  [W.NO_BALANCE]: '上游账户余额不足',
  [W.BAD_SERVICE]: '上游不支持该服务代码',
  [W.BAD_KEY]: '上游 API 密钥无效',
  [W.BAD_ACTION]: '上游不支持该操作',
  [W.WRONG_MAX_PRICE]: '上游最低价格高于商品设置的最高价',
  [W.BANNED]: '上游账户已被封禁',
  [W.BAD_COUNTRY]: '上游不支持该国家',
  [W.NO_ACTIVATION]: '上游找不到该号码的激活记录',
  [W.BAD_STATUS]: '上游不接受该状态',
  [W.EARLY_CANCEL_DENIED]: '上游不允许在购买后 2 分钟内取消',
  [W.WRONG_ACTIVATION_ID]: '上游激活编号错误',
  [W.ORDER_ALREADY_EXISTS]: '上游订单已存在',
  [W.CHANNELS_LIMIT]: '上游账户并发数已满',
  [W.ACCOUNT_INACTIVE]: '上游账户未启用',
} as const;
// The provider's own failure: whatever it was doing may or may not have happened.
const PROVIDER_ERRORS = new Set<string>([W.ERROR_SQL, 'SQL_ERROR', 'ERROR_API', 'SERVER_ERROR']);

export type ParsedAnswer =
  | { kind: 'ok'; value: unknown }
  | { kind: 'refused'; word: UpstreamRefusal; detail: string | null; message: string }
  | { kind: 'unreadable'; providerError: boolean };

const UNREADABLE: ParsedAnswer = { kind: 'unreadable', providerError: false };

/** A refusal's detail is a price or a date; anything else after the word is not kept, as it would be shown to staff. */
const DETAIL = /^[0-9 .:+-]{1,32}$/;

function refusal(body: string): ParsedAnswer | null {
  const [word, ...rest] = body.split(':');
  if (!Object.hasOwn(REFUSALS, word)) return null;
  const text = rest.join(':').replace(/^'|'$/g, '');
  const detail = DETAIL.test(text) ? text : null;
  const w = word as UpstreamRefusal;
  const message = w === W.WRONG_MAX_PRICE && detail ? `${REFUSALS[w]}（最低 ${detail}）` : REFUSALS[w];
  return { kind: 'refused', word: w, detail, message };
}

const BALANCE = new RegExp(`^${W.ACCESS_BALANCE}:(-?\\d+(?:\\.\\d+)?)$`);
const NUMBER = new RegExp(`^${W.ACCESS_NUMBER}:(\\d+):\\+?(\\d{5,20})$`);

function balance(body: string): ParsedAnswer {
  const m = BALANCE.exec(body);
  if (!m) return UNREADABLE;
  return { kind: 'ok', value: { balance: Number(m[1]).toFixed(2), cents: Math.round(Number(m[1]) * 100) } };
}

function number(body: string): ParsedAnswer {
  const m = NUMBER.exec(body);
  return m ? { kind: 'ok', value: { activationId: m[1], phone: m[2] } } : UNREADABLE;
}

function status(body: string): ParsedAnswer {
  if (body === W.STATUS_WAIT_CODE) return { kind: 'ok', value: { status: 'WAIT_CODE', code: null } };
  if (body === W.STATUS_WAIT_RESEND) return { kind: 'ok', value: { status: 'WAIT_RESEND', code: null } };
  if (body === W.STATUS_CANCEL) return { kind: 'ok', value: { status: 'CANCEL', code: null } };
  const m = /^STATUS_(OK|WAIT_RETRY):(.*)$/s.exec(body);
  if (!m || (m[1] === 'OK' && !m[2].trim())) return UNREADABLE;
  return { kind: 'ok', value: { status: m[1], code: m[2].trim() || null } };
}

const SET_STATUS_ANSWERS = new Set<string>([
  W.ACCESS_READY,
  W.ACCESS_RETRY_GET,
  W.ACCESS_ACTIVATION,
  W.ACCESS_CANCEL,
  W.ACCESS_CANCEL_ALREADY,
]);

function setStatus(body: string): ParsedAnswer {
  return SET_STATUS_ANSWERS.has(body) ? { kind: 'ok', value: { answer: body } } : UNREADABLE;
}

function activations(body: string): ParsedAnswer {
  if (body === W.NO_ACTIVATIONS) return { kind: 'ok', value: [] };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return UNREADABLE;
  }
  const list = (json as { activeActivations?: unknown })?.activeActivations;
  if (!Array.isArray(list)) return UNREADABLE;
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    kind: 'ok',
    value: list.map((a: Record<string, unknown>): ActiveActivation => ({
      activationId: s(a.activationId),
      phone: s(a.phoneNumber).replace(/^\+/, ''),
      service: s(a.serviceCode),
      status: s(a.activationStatus),
      codes: Array.isArray(a.smsCode) ? a.smsCode.map(s) : a.smsCode ? [s(a.smsCode)] : [],
      text: a.smsText ? s(a.smsText) : null,
      time: a.activationTime ? s(a.activationTime) : null,
    })),
  };
}

const PARSERS: Record<UpstreamAction, (body: string) => ParsedAnswer> = {
  getBalance: balance,
  getNumber: number,
  getStatus: status,
  setStatus,
  getActiveActivations: activations,
};

/** One answer body to ok, refused, or unreadable (which the caller turns into "unknown outcome"). */
export function parseUpstreamAnswer(action: UpstreamAction, raw: string): ParsedAnswer {
  const body = raw.trim();
  const refused = refusal(body);
  if (refused) return refused;
  if (PROVIDER_ERRORS.has(body.split(':')[0])) return { kind: 'unreadable', providerError: true };
  return PARSERS[action](body);
}
