/** A pay method's name as the wallet it opens (微信支付 → 微信; 支付宝 stays), so 去微信支付 and 用微信扫码支付 read right. */
export const walletName = (label: string) => label.replace(/\s*支付$/, '');
