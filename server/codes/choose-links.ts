/**
 * Which of the links holding a message's recipient get its code: those armed before the message
 * arrived and not expired then, whose product's rules the message passes. A product with rules
 * that the message passes is preferred over one without rules, so a number sold for two services
 * gives each service's codes to its own link.
 */
export interface Candidate {
  id: number;
  armed_at: number;
  expires_at: number;
  match_sender: string | null;
  match_keyword: string | null;
}

export type RuleResult = 'match' | 'open' | 'mismatch';

const alternatives = (rule: string | null) => (rule ?? '').split('|').map((s) => s.trim().toLowerCase()).filter(Boolean);

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
  candidates: C[], msg: { sender: string; text: string; at: number; code: string | null },
): { targets: C[]; reason: string | null } {
  const armed = candidates.filter((c) => c.armed_at <= msg.at && c.expires_at > msg.at);
  if (!armed.length) {
    const early = candidates.some((c) => c.armed_at > msg.at);
    return { targets: [], reason: early ? '消息早于链接的启用（重提）时间' : '链接已过期' };
  }
  if (!msg.code) return { targets: [], reason: '未识别到验证码' };
  const results = armed.map((c) => ({ c, r: ruleResult(c, msg.sender, msg.text) }));
  const specific = results.filter((x) => x.r === 'match').map((x) => x.c);
  if (specific.length) return { targets: specific, reason: null };
  const open = results.filter((x) => x.r === 'open').map((x) => x.c);
  if (open.length) return { targets: open, reason: null };
  return { targets: [], reason: '发件人或内容不符合商品的匹配规则' };
}
