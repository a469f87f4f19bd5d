/**
 * The verification code in a message's text. Every intake path calls `extractCode` through
 * deliverMessage (server/codes/deliver.ts); tests/unit/codes/extract.test.ts holds the table of real
 * message shapes it is measured against.
 *
 * What counts as a code: 4 to 8 digits, or digits in groups (123-456, 123 456, 12 34 56, returned
 * without separators), or a code with letters as written (F3J2K, x7k2mq9p, FKQRT, mlq-prz-vaw;
 * see letter-codes.ts), and only when a keyword anchors it ("验证码", "code", "код", "mã", "رمز"...;
 * see keywords.ts; a strong one, and closer, for letters) or it is the whole message. "G-123456"
 * gives 123456 (the prefix is Google's label, the sign-in form takes the digits). Years, dates,
 * times, amounts, phone and card numbers, masked numbers, numbers with units, words, domains and
 * numbers named by other words (order, card ending, promo code, error code) are never codes.
 */
import { findCandidates, type Candidate, type CodeKind } from './candidates.js';
import { findKeywords, type KeywordHit } from './keywords.js';
import { normalizeText, removeLinks } from './normalize.js';

export type { CodeKind } from './candidates.js';

export interface CodeMatch {
  code: string;
  kind: CodeKind;
  /** What made it the code: a keyword, a weak keyword, Apple's domain-bound line, or nothing else in the message. */
  anchor: 'keyword' | 'weak-keyword' | 'domain' | 'alone';
  /** The keyword as it stands in the (normalized) text. */
  keyword?: string;
}

// How far a code may sit from its keyword, in characters (after it / before it).
const REACH = {
  strong: { after: 120, before: 50 },
  weak: { after: 40, before: 30 },
  /** Codes with letters: after a strong keyword only, and closer ("code de connexion Notion : …"). */
  alnum: 32,
  /** Years and yyyymmdd only directly behind a strong keyword: "code: 2024". */
  dateLike: 6,
  /** A number this close after a negative word is that word's number: "尾号 1234", "order #5678". */
  negative: 12,
};
const SENTENCE_END = /[.!?。！？\n]/;
// All that may stand between a keyword and a code of capital letters only: "code: FKQRT", "code is FKQRT".
const COPULA = /^(?:[\s:=\-–—"“”«»]|is|ist|lautet|est|es|é|è|là|adalah|是|为|為|は)*$/iu;
/** Longer than any keyword: bounds the search for keywords near a candidate. */
const MAX_KEYWORD = 40;
/** Codes sit near the top; a long mail's tail is not read (it would only cost time). */
const MAX_TEXT = 50_000;

// Apple and WebOTP: the last line "@apple.com #123456 %apple.com" names the code exactly.
const DOMAIN_BOUND = /(?:^|\s)@[a-z0-9-]+(?:\.[a-z0-9-]+)+\s+#([A-Za-z0-9]{4,8})(?=\s|$)/im;

/** The keyword right before a candidate (nothing but separators between): it says whose number it is. */
function nearestBefore(text: string, c: Candidate, keywords: KeywordHit[]): KeywordHit | undefined {
  let best: KeywordHit | undefined;
  for (const k of keywords) {
    if (k.end > c.start) continue;
    if (c.start - k.end > REACH.negative || (best && k.end < best.end)) continue;
    if (!/\d/.test(text.slice(k.end, c.start))) best = k;
  }
  return best;
}

function score(text: string, c: Candidate, k: KeywordHit): number | null {
  if (k.kind === 'negative') return null;
  const strong = k.kind === 'strong';
  const after = c.start >= k.end;
  if (!after && c.end > k.start) return null; // overlapping
  const distance = after ? c.start - k.end : k.start - c.end;
  const reach = strong ? REACH.strong : REACH.weak;
  if (distance > (after ? reach.after : reach.before)) return null;
  const gap = after ? text.slice(k.end, c.start) : text.slice(c.end, k.start);
  if (c.kind === 'alnum' && !letterCodeReached(c, strong, after, distance, gap)) return null;
  if (c.dateLike && !(strong && after && distance <= REACH.dateLike && !/\d/.test(gap))) return null;
  // "123456 is your code" reads within one sentence; a code after its keyword may follow a line break.
  const crosses = SENTENCE_END.test(after ? gap : gap.replace(/\.\s*$/, ''));
  if (!after && crosses) return null;
  return distance + (after ? 0 : 6) + (strong ? 0 : 20) + letterPenalty(c) + (crosses ? 10 : 0);
}

/**
 * A code with letters needs a strong keyword within REACH.alnum, or anywhere within the strong
 * reach before it when it stands on its own line; capitals only, right after it.
 */
function letterCodeReached(c: Candidate, strong: boolean, after: boolean, distance: number, gap: string): boolean {
  if (!strong) return false;
  const ownLine = after && c.ownLine;
  if (distance > (ownLine ? REACH.strong.after : REACH.alnum)) return false;
  return !c.wordShaped || (after && (ownLine || COPULA.test(gap)));
}

/** Digits are the usual code: with both in reach, letters win only when clearly closer. */
function letterPenalty(c: Candidate): number {
  if (c.kind !== 'alnum') return 0;
  return 4 + (/[a-z]/.test(c.code) ? 4 : 0) + (/\d/.test(c.code) ? 0 : 8);
}

/** Index of the first keyword ending after `pos` (keywords sorted by start; ends grow with starts closely enough). */
function firstEndingAfter(keywords: KeywordHit[], pos: number): number {
  let lo = 0;
  let hi = keywords.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keywords[mid].start + MAX_KEYWORD < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function byKeyword(text: string, candidates: Candidate[], keywords: KeywordHit[]): CodeMatch | null {
  let best: { c: Candidate; k: KeywordHit; s: number } | null = null;
  for (const c of candidates) {
    // Only the keywords within reach: a long mail holds thousands of each.
    const from = firstEndingAfter(keywords, c.start - REACH.strong.after);
    const near: KeywordHit[] = [];
    for (let i = from; i < keywords.length && keywords[i].start <= c.end + REACH.strong.before; i++) near.push(keywords[i]);
    if (nearestBefore(text, c, near)?.kind === 'negative') continue;
    for (const k of near) {
      const s = score(text, c, k);
      if (s !== null && (!best || s < best.s)) best = { c, k, s };
    }
  }
  if (!best) return null;
  return { code: best.c.code, kind: best.c.kind, anchor: best.k.kind === 'strong' ? 'keyword' : 'weak-keyword', keyword: best.k.word };
}

/** A message that is nothing but a code: "123456", "【Brand】123456", "<#> 123456 FA+9qCX9VSu". */
function alone(text: string, candidates: Candidate[]): CodeMatch | null {
  const digits = candidates.filter((c) => c.kind !== 'alnum' && !c.dateLike);
  if (digits.length !== 1) return null;
  const c = digits[0];
  const rest = (text.slice(0, c.start) + ' ' + text.slice(c.end))
    .replace(/<#>/g, ' ')
    .replace(/[[(（][^\])）]{1,20}[\])）]/g, ' ') // the sender's tag
    .replace(/\s[A-Za-z0-9+/]{11}\s*$/, ' '); // Android's SMS Retriever app hash
  return /[\p{L}\p{N}]/u.test(rest) ? null : { code: c.code, kind: c.kind, anchor: 'alone' };
}

/** The code and why it was chosen, or null when the text holds none. */
export function findCode(text: string): CodeMatch | null {
  if (!text) return null;
  const normalized = normalizeText(text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);
  const bound = DOMAIN_BOUND.exec(normalized);
  if (bound && /\d/.test(bound[1])) return { code: bound[1], kind: /^\d+$/.test(bound[1]) ? 'digits' : 'alnum', anchor: 'domain' };
  // The sender's signature 【1688】【12306】 is a name, never the code.
  const clean = removeLinks(normalized).replace(/【[^】\n]{0,30}】/g, ' ');
  const candidates = findCandidates(clean);
  if (!candidates.length) return null;
  return byKeyword(clean, candidates, findKeywords(clean)) ?? alone(clean, candidates);
}

export function extractCode(text: string): string | null {
  return findCode(text)?.code ?? null;
}
