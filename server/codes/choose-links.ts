/**
 * Which of the links holding a message's recipient get its code: those armed before the message
 * arrived and not expired then, whose product's rules the message passes. A product with rules
 * that the message passes is preferred over one without rules, so a number sold for two services
 * gives each service's codes to its own link. When that still leaves several products, the service
 * the sender (or the text) names chooses among them. A code reaches one customer at most: when the
 * links left belong to several, none gets it and the sup assigns it from the inbox.
 */
import { servicesNamed } from './services.js';

export interface Candidate {
  id: number;
  user_id: number;
  goods_id: number;
  service: string;
  armed_at: number;
  expires_at: number;
  match_sender: string | null;
  match_keyword: string | null;
  /** `rent` for a rental (server/rentals): it takes every message to its number. */
  kind?: string;
}

/** Why a code waits in the inbox: the number is held by several customers and nothing tells whose it is. */
export const SEVERAL_PRODUCTS = '多个商品匹配：号码同时属于多位客户的链接，请在收件箱手动分配';

export type RuleResult = 'match' | 'open' | 'mismatch';

const alternatives = (rule: string | null) =>
  (rule ?? '')
    .split('|')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function ruleResult(c: Pick<Candidate, 'match_sender' | 'match_keyword'>, sender: string, text: string): RuleResult {
  const senders = alternatives(c.match_sender);
  const keywords = alternatives(c.match_keyword);
  if (!senders.length && !keywords.length) return 'open';
  const from = sender.toLowerCase();
  const body = text.toLowerCase();
  if (senders.length && !senders.some((s) => from.includes(s))) return 'mismatch';
  if (keywords.length && !keywords.some((k) => body.includes(k))) return 'mismatch';
  return 'match';
}

export function chooseLinks<C extends Candidate>(
  candidates: C[],
  msg: { sender: string; text: string; at: number; code: string | null },
): { targets: C[]; reason: string | null } {
  const armed = candidates.filter((c) => c.armed_at <= msg.at && c.expires_at > msg.at);
  if (!armed.length) {
    const early = candidates.some((c) => c.armed_at > msg.at);
    return { targets: [], reason: early ? '消息早于链接的启用（重提）时间' : '链接已过期' };
  }
  // A rented number takes every message, with a code or without, whatever its product's rules say,
  // unless another customer's link waits on it too (it never should: then the rules decide as for any).
  const rented = armed.filter((c) => c.kind === 'rent');
  const renters = new Set(rented.map((c) => Number(c.user_id)));
  if (renters.size === 1 && armed.every((c) => renters.has(Number(c.user_id)))) return { targets: rented, reason: null };
  if (!msg.code) return { targets: [], reason: '未识别到验证码' };
  const results = armed.map((c) => ({ c, r: ruleResult(c, msg.sender, msg.text) }));
  const specific = results.filter((x) => x.r === 'match').map((x) => x.c);
  const open = results.filter((x) => x.r === 'open').map((x) => x.c);
  const passed = specific.length ? specific : open;
  if (!passed.length) return { targets: [], reason: '发件人或内容不符合商品的匹配规则' };
  const targets = byService(passed, msg.sender, msg.text);
  if (new Set(targets.map((c) => Number(c.user_id))).size > 1) return { targets: [], reason: SEVERAL_PRODUCTS };
  return { targets, reason: null };
}

/** Links of several products narrowed to the service the message names, when it names one of theirs. */
function byService<C extends Candidate>(links: C[], sender: string, text: string): C[] {
  if (new Set(links.map((c) => Number(c.goods_id))).size < 2) return links;
  const named = servicesNamed(sender, text);
  const chosen = links.filter((c) => named.has(c.service.toLowerCase()));
  return chosen.length ? chosen : links;
}
