/**
 * The words that anchor a code, by language. Strong words name the code itself ("验证码", "code",
 * "код"); weak words only say what it is for ("登录", "verify") and anchor digits that sit close by;
 * negative words name some other number ("订单号", "card ending", "promo code") and disqualify the
 * number right after them.
 */
import { allMatches } from './all-matches.js';

// Latin and Cyrillic words need edges (no "pin" in "opinion"); CJK, Thai and Arabic words do not.
const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}])';

const STRONG = [
  // Chinese (simplified and traditional)
  '验证码',
  '驗證碼',
  '校验码',
  '校驗碼',
  '动态码',
  '動態碼',
  '确认码',
  '確認碼',
  '激活码',
  '啟用碼',
  '安全码',
  '安全碼',
  '认证码',
  '認證碼',
  '授权码',
  '授權碼',
  '登录码',
  '登入碼',
  '短信码',
  '交易码',
  '随机码',
  '动态密码',
  '動態密碼',
  '口令',
  '密码',
  '密碼',
  // English (left-open "code" also takes German compounds: Bestätigungscode, Sicherheitscode)
  `${L}one[- ]?time (?:pass(?:word|code)|code|pin|key)${R}`,
  `(?:pass)?codes?${R}`,
  `${L}password${R}`,
  `${L}otp${R}`,
  `${L}pin${R}`,
  `${L}token${R}`,
  // Russian, Ukrainian (inflected: кода, коду)
  `${L}код`,
  `${L}пароль`,
  // Spanish, Portuguese, Italian, French, German
  `${L}c[óo]digo`,
  `${L}clave${R}`,
  `${L}contrase[ñn]a`,
  `${L}senha`,
  `${L}codice`,
  `${L}mot de passe`,
  // German compounds: Einmalkennwort, Einmalpasswort
  '(?:kenn|pass)wort',
  // Turkish, Indonesian, Malay, Polish, Czech (kodu, kodunuz, kode)
  `${L}kod`,
  `${L}kód`,
  `${L}şifre`,
  `${L}sandi${R}`,
  // Vietnamese, with and without its marks
  `${L}mã${R}`,
  `${L}ma (?:xac|otp|kich hoat|bao mat|dang nhap|so)${R}`,
  `${L}mật khẩu`,
  `${L}mat khau${R}`,
  // Thai, Arabic, Persian, Hebrew, Greek, Hindi
  'รหัส',
  'رمز',
  'كود',
  'کد',
  'كلمة المرور',
  'קוד',
  `${L}κωδικ`,
  'ओटीपी',
  'कोड',
  // Japanese, Korean
  '認証コード',
  '確認コード',
  '認証番号',
  '確認番号',
  'ワンタイムパスワード',
  'パスコード',
  'パスワード',
  'コード',
  '인증\\s?번호',
  '인증\\s?코드',
  '확인\\s?코드',
  '확인\\s?번호',
  '보안\\s?코드',
  '비밀번호',
  '코드',
];
// German banks' TAN: upper case only ("tan" is an English word).
const STRONG_CASED = [`${L}(?:m|sms|push|chip)?TAN${R}`];

const WEAK = [
  `${L}(?:verif\\w*|log\\s?in|sign[\\s-]?in|confirm\\w*|activat\\w*|authenticat\\w*|2fa|two[- ]factor|2-step)`,
  '登录',
  '登陆',
  '登錄',
  '登入',
  '注册',
  '註冊',
  '验证',
  '驗證',
  '认证',
  '認證',
  '确认',
  '確認',
  '绑定',
  '綁定',
  `${L}(?:вход|войти|подтвержд|авториз)`,
  `${L}(?:xác nhận|xac nhan|xác thực|xac thuc|đăng nhập|dang nhap)`,
  `${L}(?:verifikasi|masuk|otentikasi)`,
  'ยืนยัน',
  'เข้าสู่ระบบ',
  'تحقق',
  'تأكيد',
  'تفعيل',
  `${L}(?:doğrula|giriş)`,
  `${L}(?:bestätig|anmeld)`,
  `${L}(?:vérif|connexion)`,
  `${L}(?:acesso|acceso|iniciar sesi[óo]n|verifica)`,
  '認証',
  'ログイン',
  '인증',
  '로그인',
];

const NEGATIVE = [
  // Other numbers: orders, cards, accounts, phones, money
  '订单号?',
  '訂單號?',
  '单号',
  '單號',
  '尾号',
  '尾號',
  '卡号',
  '卡號',
  '账号',
  '帳號',
  '帐号',
  '账户',
  '帳戶',
  '编号',
  '編號',
  '工号',
  '手机号',
  '号码',
  '號碼',
  '电话',
  '電話',
  '致电',
  '拨打',
  '撥打',
  '客服',
  '热线',
  '余额',
  '餘額',
  '金额',
  '金額',
  '交易号',
  '流水号',
  '车次',
  '航班',
  '运单',
  '快递单',
  '错误码',
  '错误代码',
  '状态码',
  // Codes of other things, first: "reference code" must not stop at "reference" (and leave "code" standing)
  `${L}(?:error|status|country|area|source|postal|product|item|reference|booking|reservation|tracking|sort|swift|ifsc)\\s?codes?${R}`,
  `${L}код\\p{L}*\\s+ошибк\\p{L}*`,
  `${L}c[óo]digo (?:postal|de erro[rs]?|de rastreio|de rastreamento|de seguimiento|de reserva)${R}`,
  `${L}codes? (?:of conduct|postal|promo|d'erreur|de réduction)${R}`,
  `${L}(?:fehler|gutschein|rabatt|aktions)codes?${R}`,
  `${L}(?:order(?: no\\.?| number)?|tracking(?: number)?|invoice|booking|flight|room|reference|ref|acct|account|card|a/c|txn|transaction(?: id)?|id|tel|phone|call|hotline|no\\.)${R}`,
  `${L}(?:ending(?: in| with)?|ends? (?:in|with))${R}`,
  `${L}(?:заказ|номер|карт|сч[её]т|тел|звон)`,
  `${L}(?:pedido|tarjeta|cart[ãa]o|cuenta|conta|refer[eê]ncia|final|terminada en)${R}`,
  `${L}(?:đơn hàng|don hang|số thẻ|so the|tài khoản|tai khoan)${R}`,
  `${L}(?:pesanan|rekening|nomor|kartu)${R}`,
  'บัญชี',
  'الطلب',
  'البطاقة',
  'الحساب',
  `${L}(?:sipariş|kart|hesap|sonu)${R}`,
  `${L}(?:bestell\\w*|karte|konto|endend auf)${R}`,
  `${L}(?:commande|carte|compte|se terminant par)${R}`,
  '注文番号',
  '電話',
  'お問い合わせ',
  '주문\\s?번호',
  '카드',
  '계좌',
  '승인\\s?번호',
  '문의',
  // Codes that are not verification codes (these phrases swallow the "code" inside them)
  `${L}(?:promo\\s?codes?|coupon(?: codes?)?|discount codes?|voucher(?: codes?)?|invit(?:e|ation) codes?|referral codes?|gift codes?|redeem codes?|zip\\s?codes?|post\\s?codes?|bar\\s?codes?|qr\\s?codes?)${R}`,
  '优惠码',
  '优惠券',
  '邀请码',
  '邀請碼',
  '兑换码',
  '兌換碼',
  '推荐码',
  '礼品码',
  '券码',
  `${L}промо\\s?код\\w*`,
  `${L}c[óo]digo promocional`,
  `${L}cupom${R}`,
  `${L}cup[óo]n${R}`,
  `${L}kode promo${R}`,
  `${L}m[ãa] (?:giảm giá|khuyến mãi|giam gia|khuyen mai)${R}`,
  '쿠폰\\s?(?:코드|번호)?',
  'クーポン\\s?コード',
  'クーポン',
  '招待コード',
];

export type KeywordKind = 'strong' | 'weak' | 'negative';

export interface KeywordHit {
  kind: KeywordKind;
  start: number;
  end: number;
  word: string;
}

/**
 * One pattern of words, the left-edged ones behind a single edge test: with the test at the head of
 * each of them, the engine ran it for every one at every position (five times slower). Every
 * unedged word of WEAK and NEGATIVE is in a script that the edged ones never start with, so no two
 * could match at one position and moving them changes no match.
 */
function edgeOnce(words: string[]): string {
  const edged = words.filter((w) => w.startsWith(L)).map((w) => w.slice(L.length));
  return [...words.filter((w) => !w.startsWith(L)), `${L}(?:${edged.join('|')})`].join('|');
}

/** Each pattern, with a text every match contains when there is one (a pattern is not run over a text without it). */
const MATCHERS: Array<[KeywordKind, RegExp, string?]> = [
  ['strong', new RegExp(STRONG.join('|'), 'giu')],
  ['strong', new RegExp(STRONG_CASED.join('|'), 'gu'), 'TAN'],
  ['weak', new RegExp(edgeOnce(WEAK), 'giu')],
  ['negative', new RegExp(edgeOnce(NEGATIVE), 'giu')],
];

/**
 * Every keyword in the text, in order. A strong or weak word inside a negative phrase ("code" in
 * "promo code") is dropped: the phrase speaks for it.
 */
export function findKeywords(text: string): KeywordHit[] {
  const hits: KeywordHit[] = [];
  for (const [kind, re, cue] of MATCHERS) {
    if (cue && !text.includes(cue)) continue;
    for (const m of allMatches(re, text)) {
      if (m[0].length) hits.push({ kind, start: m.index!, end: m.index! + m[0].length, word: m[0] });
    }
  }
  const negatives = hits.filter((h) => h.kind === 'negative');
  return hits
    .filter((h) => h.kind === 'negative' || !negatives.some((n) => n.start <= h.start && h.end <= n.end))
    .sort((a, b) => a.start - b.start || b.end - a.end);
}
