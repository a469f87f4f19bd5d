/**
 * The answer words of SMS-Activate's handler_api.php, parsed per action (shared/PROTOCOLS.md
 * section 1; the official API page). Error words are the same for every action.
 */

export type UpstreamAction = 'getBalance' | 'getNumber' | 'getStatus' | 'setStatus' | 'getActiveActivations';

/** Words that mean the provider refused and changed nothing. */
export type UpstreamRefusal =
  | 'NO_NUMBERS' | 'NO_BALANCE' | 'BAD_SERVICE' | 'BAD_KEY' | 'BAD_ACTION' | 'WRONG_MAX_PRICE' | 'BANNED'
  | 'BAD_COUNTRY' | 'NO_ACTIVATION' | 'BAD_STATUS' | 'EARLY_CANCEL_DENIED' | 'WRONG_ACTIVATION_ID'
  | 'ORDER_ALREADY_EXISTS' | 'CHANNELS_LIMIT' | 'ACCOUNT_INACTIVE';

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

const REFUSALS: Record<UpstreamRefusal, string> = {
  NO_NUMBERS: '上游暂无可用号码',
  NO_BALANCE: '上游账户余额不足',
  BAD_SERVICE: '上游不支持该服务代码',
  BAD_KEY: '上游 API 密钥无效',
  BAD_ACTION: '上游不支持该操作',
  WRONG_MAX_PRICE: '上游最低价格高于商品设置的最高价',
  BANNED: '上游账户已被封禁',
  BAD_COUNTRY: '上游不支持该国家',
  NO_ACTIVATION: '上游找不到该号码的激活记录',
  BAD_STATUS: '上游不接受该状态',
  EARLY_CANCEL_DENIED: '上游不允许在购买后 2 分钟内取消',
  WRONG_ACTIVATION_ID: '上游激活编号错误',
  ORDER_ALREADY_EXISTS: '上游订单已存在',
  CHANNELS_LIMIT: '上游账户并发数已满',
  ACCOUNT_INACTIVE: '上游账户未启用',
};
// The provider's own failure: whatever it was doing may or may not have happened.
const PROVIDER_ERRORS = new Set(['ERROR_SQL', 'SQL_ERROR', 'ERROR_API', 'SERVER_ERROR']);

export type ParsedAnswer =
  | { kind: 'ok'; value: unknown }
  | { kind: 'refused'; word: UpstreamRefusal; detail: string | null; message: string }
  | { kind: 'unreadable'; providerError: boolean };

const UNREADABLE: ParsedAnswer = { kind: 'unreadable', providerError: false };

function refusal(body: string): ParsedAnswer | null {
  const [word, ...rest] = body.split(':');
  if (!Object.hasOwn(REFUSALS, word)) return null;
  const detail = rest.join(':').replace(/^'|'$/g, '') || null;
  const w = word as UpstreamRefusal;
  const message = w === 'WRONG_MAX_PRICE' && detail ? `${REFUSALS[w]}（最低 ${detail}）` : REFUSALS[w];
  return { kind: 'refused', word: w, detail, message };
}

function balance(body: string): ParsedAnswer {
  const m = /^ACCESS_BALANCE:(-?\d+(?:\.\d+)?)$/.exec(body);
  if (!m) return UNREADABLE;
  return { kind: 'ok', value: { balance: Number(m[1]).toFixed(2), cents: Math.round(Number(m[1]) * 100) } };
}

function number(body: string): ParsedAnswer {
  const m = /^ACCESS_NUMBER:(\d+):\+?(\d{5,20})$/.exec(body);
  return m ? { kind: 'ok', value: { activationId: m[1], phone: m[2] } } : UNREADABLE;
}

function status(body: string): ParsedAnswer {
  if (body === 'STATUS_WAIT_CODE') return { kind: 'ok', value: { status: 'WAIT_CODE', code: null } };
  if (body === 'STATUS_WAIT_RESEND') return { kind: 'ok', value: { status: 'WAIT_RESEND', code: null } };
  if (body === 'STATUS_CANCEL') return { kind: 'ok', value: { status: 'CANCEL', code: null } };
  const m = /^STATUS_(OK|WAIT_RETRY):(.*)$/s.exec(body);
  if (!m || (m[1] === 'OK' && !m[2].trim())) return UNREADABLE;
  return { kind: 'ok', value: { status: m[1], code: m[2].trim() || null } };
}

const SET_STATUS_ANSWERS = new Set(['ACCESS_READY', 'ACCESS_RETRY_GET', 'ACCESS_ACTIVATION', 'ACCESS_CANCEL', 'ACCESS_CANCEL_ALREADY']);

function setStatus(body: string): ParsedAnswer {
  return SET_STATUS_ANSWERS.has(body) ? { kind: 'ok', value: { answer: body } } : UNREADABLE;
}

function activations(body: string): ParsedAnswer {
  if (body === 'NO_ACTIVATIONS') return { kind: 'ok', value: [] };
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
