import { Alert, Button, Input, QRCode, Space, Typography } from 'antd';
import { useState } from 'react';
import { CopyButton } from '../../common/CopyButton';
import { ApiError } from '../../providers/http';
import { totpApi, type TotpSetup } from './totp-api';

/**
 * The setup: scan the QR code (or type the secret) in an authenticator app, then confirm with the
 * code it shows; only then is two-step login on. Answers the recovery codes to `onEnabled`.
 */
export default function TotpSetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetup;
  onEnabled(codes: string[]): void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('请输入身份验证器中显示的 6 位数字验证码');
      return;
    }
    setBusy(true);
    try {
      const { recovery_codes } = await totpApi.enable(typed);
      onEnabled(recovery_codes);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '开启失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="totp-setup" data-testid="totp-setup">
      <Typography.Paragraph>
        1. 在手机上打开身份验证器应用（Google Authenticator、Microsoft
        Authenticator、腾讯身份验证器等），扫描下方二维码；在这台手机上操作时点“在验证器中打开”；都不行时手动输入密钥。
      </Typography.Paragraph>
      <div className="totp-qr-row">
        <QRCode value={setup.otpauth_url} size={176} bordered />
        <div className="totp-secret">
          <Typography.Text type="secondary">密钥</Typography.Text>
          <pre className="totp-secret-text" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </pre>
          <CopyButton text={setup.secret} label="复制密钥" size="small" />
          {/* On the phone itself there is nothing to scan: the link opens the authenticator app with the account filled in. */}
          <a className="totp-open-app" href={setup.otpauth_url} data-testid="totp-otpauth">
            在验证器中打开
          </a>
        </div>
      </div>
      <Typography.Paragraph style={{ marginTop: 16 }}>2. 输入应用中显示的 6 位验证码，确认开启。</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
        <Input
          id="totp-enable-code"
          aria-label="验证码"
          placeholder="6 位验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          status={error ? 'error' : ''}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          onPressEnter={confirm}
        />
        <Button type="primary" loading={busy} onClick={confirm}>
          确认开启
        </Button>
      </Space.Compact>
      {error && <Alert type="error" showIcon role="alert" style={{ marginTop: 8, maxWidth: 360 }} message={error} />}
      {onCancel && (
        <div style={{ marginTop: 12 }}>
          <Button type="link" style={{ paddingInline: 0 }} onClick={onCancel}>
            取消
          </Button>
        </div>
      )}
    </div>
  );
}
