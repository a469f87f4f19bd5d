/**
 * Common SMS-Activate service codes' names: English, and Chinese where one is in common use. The store
 * and the protocol's getServicesList both name services from here (the sup may name any code:
 * 接码中心 → 服务名称); any other code is named by itself.
 */
export const SERVICE_NAMES: Readonly<Record<string, readonly [en: string, cn?: string]>> = {
  tg: ['Telegram', '电报'], wa: ['WhatsApp'], go: ['Google', '谷歌'], fb: ['Facebook', '脸书'], ig: ['Instagram'],
  tw: ['Twitter', '推特'], vi: ['Viber'], wb: ['WeChat', '微信'], qq: ['QQ'], ds: ['Discord'], mm: ['Microsoft', '微软'],
  am: ['Amazon', '亚马逊'], ub: ['Uber', '优步'], oi: ['Tinder'], lf: ['TikTok', '抖音'], dr: ['OpenAI'], wx: ['Apple', '苹果'],
  ts: ['PayPal', '贝宝'], tn: ['LinkedIn', '领英'], fu: ['Snapchat'], me: ['LINE'], kt: ['KakaoTalk'], nv: ['Naver'],
  nf: ['Netflix', '网飞'], mt: ['Steam'], ka: ['Shopee', '虾皮'], hw: ['Alipay', '支付宝'], ab: ['Alibaba', '阿里巴巴'],
  hn: ['1688'], kf: ['Weibo', '微博'], li: ['Baidu', '百度'], za: ['JD.com', '京东'], dh: ['eBay'], uk: ['Airbnb', '爱彼迎'],
  mb: ['Yahoo', '雅虎'], pm: ['AOL'], dp: ['Proton'], vk: ['VK'], ok: ['OK.ru'], ya: ['Yandex'], ma: ['Mail.ru'],
  re: ['Coinbase'], bl: ['BIGO LIVE'], im: ['imo'], ot: ['Any other', '其他'],
};
