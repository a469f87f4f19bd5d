/**
 * What the store shows for a product's SMS-Activate service code: a display name, its Chinese name,
 * the other names buyers search by, and the colour of its badge (an initial in a circle: no pictures
 * fetched from elsewhere). Common services only; any other code shows as itself.
 */
export interface ServiceInfo {
  code: string;
  name: string;
  /** Its Chinese name where it has a common one, shown beside the name. */
  zh: string;
  /** Every word a buyer may search it by (code, names, other names), lower case. */
  words: string;
  /** The badge: its colour, the colour of its letter, and the letter. */
  color: string;
  ink: string;
  initial: string;
}

interface Known { name: string; zh?: string; also?: string; color: string }

const KNOWN: Readonly<Record<string, Known>> = {
  tg: { name: 'Telegram', zh: '电报', color: '#229ed9' },
  wa: { name: 'WhatsApp', also: 'whats app', color: '#1da851' },
  go: { name: 'Google', zh: '谷歌', also: 'gmail youtube', color: '#4285f4' },
  fb: { name: 'Facebook', zh: '脸书', also: 'meta', color: '#1877f2' },
  ig: { name: 'Instagram', also: 'ins 照片墙', color: '#e1306c' },
  tw: { name: 'Twitter', zh: '推特', also: 'x', color: '#14171a' },
  vi: { name: 'Viber', color: '#7360f2' },
  wb: { name: 'WeChat', zh: '微信', color: '#07c160' },
  qq: { name: 'QQ', also: '腾讯 tencent', color: '#12b7f5' },
  ds: { name: 'Discord', color: '#5865f2' },
  mm: { name: 'Microsoft', zh: '微软', also: 'outlook hotmail', color: '#00a4ef' },
  am: { name: 'Amazon', zh: '亚马逊', color: '#ff9900' },
  ub: { name: 'Uber', zh: '优步', color: '#000000' },
  oi: { name: 'Tinder', color: '#fe3c72' },
  lf: { name: 'TikTok', zh: '抖音', also: 'douyin', color: '#111111' },
  dr: { name: 'OpenAI', also: 'chatgpt', color: '#10a37f' },
  wx: { name: 'Apple', zh: '苹果', also: 'icloud', color: '#555555' },
  ts: { name: 'PayPal', zh: '贝宝', color: '#003087' },
  tn: { name: 'LinkedIn', zh: '领英', color: '#0a66c2' },
  fu: { name: 'Snapchat', color: '#fffc00' },
  me: { name: 'LINE', color: '#06c755' },
  kt: { name: 'KakaoTalk', color: '#fee500' },
  nv: { name: 'Naver', color: '#03c75a' },
  nf: { name: 'Netflix', zh: '网飞', also: '奈飞', color: '#e50914' },
  mt: { name: 'Steam', color: '#1b2838' },
  ka: { name: 'Shopee', zh: '虾皮', color: '#ee4d2d' },
  hw: { name: 'Alipay', zh: '支付宝', color: '#1677ff' },
  ab: { name: 'Alibaba', zh: '阿里巴巴', color: '#ff6a00' },
  hn: { name: '1688', also: '阿里巴巴', color: '#ff7300' },
  kf: { name: 'Weibo', zh: '微博', color: '#e6162d' },
  li: { name: 'Baidu', zh: '百度', color: '#2932e1' },
  za: { name: 'JD.com', zh: '京东', color: '#e1251b' },
  dh: { name: 'eBay', color: '#e53238' },
  uk: { name: 'Airbnb', zh: '爱彼迎', color: '#ff5a5f' },
  mb: { name: 'Yahoo', zh: '雅虎', color: '#6001d2' },
  pm: { name: 'AOL', color: '#3399ff' },
  dp: { name: 'Proton', also: 'protonmail', color: '#6d4aff' },
  vk: { name: 'VK', also: 'vkontakte', color: '#0077ff' },
  ok: { name: 'OK.ru', also: 'odnoklassniki', color: '#ee8208' },
  ya: { name: 'Yandex', color: '#fc3f1d' },
  ma: { name: 'Mail.ru', color: '#005ff9' },
  re: { name: 'Coinbase', color: '#0052ff' },
  bl: { name: 'BIGO LIVE', color: '#00b7ff' },
  im: { name: 'imo', color: '#0c7bf2' },
  ot: { name: '其他', also: '任意 any other', color: '#8c8c8c' },
};

/** Badge colours for codes not in the list, chosen by the code so one service keeps its colour. */
const PALETTE = ['#1677ff', '#13a8a8', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#d4380d', '#08979c', '#7cb305'];

function paletteColor(code: string): string {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** WCAG's relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const darker = (hex: string) => `#${[1, 3, 5].map((i) => Math.floor(parseInt(hex.slice(i, i + 2), 16) * 0.92).toString(16).padStart(2, '0')).join('')}`;

/**
 * A badge whose letter reads (4.5:1, WCAG AA): near black on light colours (yellows, bright
 * greens), white on the others, darkened as far as white needs.
 */
function badge(color: string): { color: string; ink: string } {
  if (luminance(color) > 0.45) return { color, ink: '#1f1f1f' };
  let shade = color;
  while (1.05 / (luminance(shade) + 0.05) < 4.5) shade = darker(shade);
  return { color: shade, ink: '#ffffff' };
}

/** A product's service as the store shows it; a product without a code is 未分类. */
export function serviceInfo(code: string | null | undefined): ServiceInfo {
  const raw = (code ?? '').trim();
  const known = KNOWN[raw.toLowerCase()];
  const name = known?.name ?? (raw || '未分类');
  return {
    code: raw, name, zh: known?.zh ?? '',
    words: [raw, name, known?.zh, known?.also].filter(Boolean).join(' ').toLowerCase(),
    ...badge(known?.color ?? paletteColor(raw)),
    initial: Array.from(name)[0].toUpperCase(),
  };
}
