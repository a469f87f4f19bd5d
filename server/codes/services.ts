/**
 * The services a message names, by SMS-Activate service code: what the sender is (`Telegram`,
 * `WhatsApp`) or what the text says it is for (`Telegram code 12345`, `【微信】`). Used only to choose
 * between links of one number sold in several products (choose-links.ts): a code that names a
 * service goes to the link of that service. Names are matched as whole words, in any case.
 */
const NAMES: Record<string, string[]> = {
  tg: ['telegram'],
  wa: ['whatsapp'],
  go: ['google', 'gmail', 'youtube'],
  fb: ['facebook', 'meta'],
  ig: ['instagram'],
  tw: ['twitter'],
  ds: ['discord'],
  mm: ['microsoft', 'outlook', 'hotmail'],
  am: ['amazon'],
  wb: ['wechat', '微信'],
  vi: ['viber'],
  lf: ['tiktok', '抖音'],
  oi: ['tinder'],
  ts: ['paypal'],
  mt: ['steam'],
  ub: ['uber'],
  nf: ['netflix'],
  dr: ['openai', 'chatgpt'],
  vk: ['vkontakte'],
  ya: ['yandex'],
  wx: ['apple'],
  fu: ['snapchat'],
  tn: ['linkedin'],
  kt: ['kakaotalk', 'kakao'],
  bw: ['signal'],
};

/** Latin names need word edges (`meta` is not in `metadata`); Chinese ones are whole already. */
const PATTERNS = Object.entries(NAMES).map(([service, names]) => ({
  service,
  re: new RegExp(names.map((n) => (/^[a-z]+$/.test(n) ? `(?<![a-z])${n}(?![a-z])` : n)).join('|'), 'i'),
}));

/** The service codes the sender names; when it names none, those the text names. */
export function servicesNamed(sender: string, text: string): Set<string> {
  const bySender = PATTERNS.filter((p) => p.re.test(sender)).map((p) => p.service);
  if (bySender.length) return new Set(bySender);
  return new Set(PATTERNS.filter((p) => p.re.test(text)).map((p) => p.service));
}
