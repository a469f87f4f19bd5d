import { describe, expect, it } from 'vitest';
import { servicesNamed } from '../../../server/codes/services.js';
import { chooseLinks, SEVERAL_PRODUCTS, type Candidate } from '../../../server/codes/choose-links.js';

describe('the service a message names', () => {
  it('reads the sender first, then the text, as whole words in any case', () => {
    expect([...servicesNamed('Telegram', 'code 12345')]).toEqual(['tg']);
    expect([...servicesNamed('+10690000', 'Your WhatsApp code is 123-456')]).toEqual(['wa']);
    expect([...servicesNamed('+10690000', '【微信】验证码 123456')]).toEqual(['wb']);
    expect([...servicesNamed('Google', 'Use this code for WhatsApp')]).toEqual(['go']);
    expect([...servicesNamed('+10690000', 'metadata 12345, telegramme')]).toEqual([]);
  });
});

const link = (over: Partial<Candidate>): Candidate => ({
  id: 1,
  user_id: 1,
  goods_id: 1,
  service: 'tg',
  armed_at: 0,
  expires_at: 10_000,
  match_sender: null,
  match_keyword: null,
  ...over,
});

describe('a code reaches one customer at most', () => {
  const tg = link({ id: 1, user_id: 1, goods_id: 1, service: 'tg' });
  const wa = link({ id: 2, user_id: 2, goods_id: 2, service: 'wa' });
  const msg = (sender: string, text: string) => ({ sender, text, at: 100, code: '12345' });

  it("the named service chooses between two customers' products", () => {
    expect(chooseLinks([tg, wa], msg('Telegram', 'code 12345')).targets).toEqual([tg]);
    expect(chooseLinks([tg, wa], msg('x', 'WhatsApp code 12345')).targets).toEqual([wa]);
  });

  it('nothing named: none of them, and the inbox says 多个商品匹配', () => {
    expect(chooseLinks([tg, wa], msg('+1069', '验证码 12345'))).toEqual({ targets: [], reason: SEVERAL_PRODUCTS });
  });

  it('a product whose rules the message passes wins over one without rules, whoever holds them', () => {
    const ruled = { ...wa, match_keyword: 'WhatsApp' };
    expect(chooseLinks([tg, ruled], msg('+1069', 'WhatsApp 12345')).targets).toEqual([ruled]);
  });

  it('two links of one customer both get a code no service tells apart', () => {
    const own = { ...wa, user_id: 1 };
    expect(chooseLinks([tg, own], msg('+1069', '验证码 12345')).targets).toEqual([tg, own]);
  });
});
