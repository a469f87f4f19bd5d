import { SERVICE_NAMES } from '../../../names/service-names';
/**
 * What the store shows for a product's SMS-Activate service code: a display name, its Chinese name,
 * the other names buyers search by, and the colour of its badge (an initial in a circle: no pictures
 * fetched from elsewhere). Common services built in; the sup may name any code (接码中心 → 服务名称),
 * and any other code shows as itself.
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

/**
 * How a common service looks and what else buyers call it; its names are shared with the server
 * (`name` where the store says it otherwise).
 */
interface Look {
  name?: string;
  also?: string;
  color: string;
}

const LOOK: Readonly<Record<string, Look>> = {
  tg: { color: '#229ed9' },
  wa: { also: 'whats app', color: '#1da851' },
  go: { also: 'gmail youtube', color: '#4285f4' },
  fb: { also: 'meta', color: '#1877f2' },
  ig: { also: 'ins 照片墙', color: '#e1306c' },
  tw: { also: 'x', color: '#14171a' },
  vi: { color: '#7360f2' },
  wb: { color: '#07c160' },
  qq: { also: '腾讯 tencent', color: '#12b7f5' },
  ds: { color: '#5865f2' },
  mm: { also: 'outlook hotmail', color: '#00a4ef' },
  am: { color: '#ff9900' },
  ub: { color: '#000000' },
  oi: { color: '#fe3c72' },
  lf: { also: 'douyin', color: '#111111' },
  dr: { also: 'chatgpt', color: '#10a37f' },
  wx: { also: 'icloud', color: '#555555' },
  ts: { color: '#003087' },
  tn: { color: '#0a66c2' },
  fu: { color: '#fffc00' },
  me: { color: '#06c755' },
  kt: { color: '#fee500' },
  nv: { color: '#03c75a' },
  nf: { also: '奈飞', color: '#e50914' },
  mt: { color: '#1b2838' },
  ka: { color: '#ee4d2d' },
  hw: { color: '#1677ff' },
  ab: { color: '#ff6a00' },
  hn: { also: '阿里巴巴', color: '#ff7300' },
  kf: { color: '#e6162d' },
  li: { color: '#2932e1' },
  za: { color: '#e1251b' },
  dh: { color: '#e53238' },
  uk: { color: '#ff5a5f' },
  mb: { color: '#6001d2' },
  pm: { color: '#3399ff' },
  dp: { also: 'protonmail', color: '#6d4aff' },
  vk: { also: 'vkontakte', color: '#0077ff' },
  ok: { also: 'odnoklassniki', color: '#ee8208' },
  ya: { color: '#fc3f1d' },
  ma: { color: '#005ff9' },
  re: { color: '#0052ff' },
  bl: { color: '#00b7ff' },
  im: { color: '#0c7bf2' },
  // Not a service's own name: the store says it in Chinese.
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

const darker = (hex: string) =>
  `#${[1, 3, 5]
    .map((i) =>
      Math.floor(parseInt(hex.slice(i, i + 2), 16) * 0.92)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

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

/** The display names the sup set for a code (the store's `service_name`, `service_name_cn`); null where unset. */
export interface SupNames {
  name?: string | null;
  cn?: string | null;
}

/**
 * A product's service as the store shows it; a product without a code is 未分类. The sup's names win
 * over the built-in ones; a buyer still finds the service by the built-in names too.
 */
export function serviceInfo(code: string | null | undefined, sup: SupNames = {}): ServiceInfo {
  const raw = (code ?? '').trim();
  const [knownName, knownZh] = SERVICE_NAMES[raw.toLowerCase()] ?? [];
  const look = LOOK[raw.toLowerCase()];
  const name = sup.name || look?.name || knownName || raw || '未分类';
  const zh = sup.cn || knownZh || '';
  return {
    code: raw,
    name,
    zh: zh === name ? '' : zh,
    words: [raw, name, zh, knownName, knownZh, look?.also].filter(Boolean).join(' ').toLowerCase(),
    ...badge(look?.color ?? paletteColor(raw)),
    initial: Array.from(name)[0].toUpperCase(),
  };
}
