import { QRCode, Typography } from 'antd';

/**
 * The webhook URL and the secret as two QR codes: scanned on the phone (its camera or scanner app),
 * each is text to paste into its own SmsForwarder field, so nothing long is typed by hand.
 */
export default function DeviceSetupQr({ url, secret }: { url: string; secret: string }) {
  return (
    <div className="device-qr-row" data-testid="device-qr">
      {[
        { value: url, caption: '扫码得到 Webhook 地址' },
        { value: secret, caption: '扫码得到密钥' },
      ].map((q) => (
        <figure key={q.caption} className="device-qr">
          <QRCode value={q.value} size={148} bordered={false} type="canvas" />
          <Typography.Text type="secondary" className="device-qr-caption">
            {q.caption}
          </Typography.Text>
        </figure>
      ))}
    </div>
  );
}
