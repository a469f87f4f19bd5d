/**
 * Whether a phone can reach a webhook URL. Without PUBLIC_URL the server builds the URL from the
 * address the sup's browser used, which is often the server itself (127.0.0.1, localhost): a phone
 * can never reach that, and it posts into the void without a word.
 */
export type Reach = { level: 'never' | 'lan'; message: string } | null;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/i;
const PRIVATE = /^(10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|[^.]+\.local)$/i;

export function reachOf(webhookUrl: string): Reach {
  let host: string;
  try {
    host = new URL(webhookUrl).hostname;
  } catch {
    return null;
  }
  if (LOOPBACK.test(host)) {
    return {
      level: 'never',
      message:
        '手机无法访问这个地址：它指向服务器本机。请在服务器上设置 PUBLIC_URL（手机能访问的地址，如 https://sms.example.com）并重启，再在设备列表点“重置密钥”取得新的 Webhook 地址。',
    };
  }
  if (PRIVATE.test(host)) {
    return {
      level: 'lan',
      message: '这是局域网地址：只有连在同一局域网（同一 Wi-Fi）的手机能访问。手机用移动网络时，请设置 PUBLIC_URL 为公网地址。',
    };
  }
  return null;
}
