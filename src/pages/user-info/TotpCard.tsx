import { Alert, Button, Card, Descriptions, Skeleton, Switch, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { totpApi, useTotpInfo, type TotpSetup } from './totp-api';
import { message } from '../../framework/notices';
import './totp.css';

// The QR code and the dialogs are built when they are opened.
const TotpSetupPanel = lazy(() => import('./TotpSetupPanel'));
const TotpRecoveryModal = lazy(() => import('./TotpRecoveryModal'));
const TotpDisableModal = lazy(() => import('./TotpDisableModal'));

/**
 * 两步验证 on the caller's own account: 开启 shows a QR code and the secret, a code confirms it, and
 * the ten recovery codes are shown once; 关闭 needs a code. A sup who must set it up (强制管理员两步验证)
 * is told so here and the setup opens at once. Sups who may change security settings also find the
 * switch that requires it of every sup. A sup switched into the account sees the state only.
 */
export default function TotpCard({ switched }: { switched: boolean }) {
  const { info, reload } = useTotpInfo();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await totpApi.setup());
    } catch {
      // Toasted by the http client.
    } finally {
      setBusy(false);
    }
  };
  const enabled = (recovery: string[]) => {
    setSetup(null);
    setCodes(recovery);
    void reload();
  };
  // Sent here to set it up first: the setup opens by itself, once.
  const opened = useRef(false);
  useEffect(() => {
    if (info?.setup_required && !switched && !opened.current) {
      opened.current = true;
      void start();
    }
  });

  const requireForSups = async (on: boolean) => {
    try {
      await totpApi.requireForSups(on);
      message.success(on ? '已强制所有管理员开启两步验证' : '已取消强制管理员两步验证');
      void reload();
    } catch {
      // Toasted by the http client (e.g. the caller has not turned it on yet).
    }
  };

  const body = () => {
    if (!info) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (info.enabled) {
      return (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="状态">
              <Tag color="green">已开启</Tag>
            </Descriptions.Item>
            {info.enabled_at && <Descriptions.Item label="开启时间">{info.enabled_at}</Descriptions.Item>}
            <Descriptions.Item label="剩余恢复码">{info.recovery_left} 个</Descriptions.Item>
          </Descriptions>
          {info.recovery_left <= 3 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message="恢复码即将用完：关闭后重新开启两步验证可获得新的恢复码。"
            />
          )}
          {!switched &&
            (info.require_sup_totp ? (
              <Typography.Text type="secondary">已开启强制管理员两步验证，管理员账号不能关闭。</Typography.Text>
            ) : (
              <Button danger style={{ marginTop: 8 }} onClick={() => setDisabling(true)}>
                关闭两步验证
              </Button>
            ))}
        </>
      );
    }
    if (switched) return <Typography.Text type="secondary">未开启。管理员切换进入时不能更改，请由用户本人开启。</Typography.Text>;
    if (setup) {
      return (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <TotpSetupPanel setup={setup} onEnabled={enabled} onCancel={info.setup_required ? undefined : () => setSetup(null)} />
        </Suspense>
      );
    }
    return (
      <>
        <Typography.Paragraph type="secondary">
          开启后，登录时除密码外还需输入手机身份验证器中的 6 位验证码，即使密码泄露，他人也无法登录您的账号。
        </Typography.Paragraph>
        <Button type="primary" loading={busy} onClick={start}>
          开启两步验证
        </Button>
      </>
    );
  };

  return (
    <Card title="两步验证" size="small" style={{ marginTop: 16 }} data-testid="totp-card">
      {info?.setup_required && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="totp-required"
          message="管理员账号须先开启两步验证"
          description="系统已开启强制管理员两步验证：完成下面的设置后才能使用其他功能。"
        />
      )}
      {body()}
      {info?.may_change_security && !info.setup_required && (
        <div className="totp-enforce">
          <Switch id="totp-require-sups" checked={Boolean(info.require_sup_totp)} onChange={requireForSups} />
          <label htmlFor="totp-require-sups">强制管理员两步验证</label>
          <Typography.Text type="secondary" className="totp-enforce-help">
            开启后，未开启两步验证的管理员登录后须先完成设置。
          </Typography.Text>
        </div>
      )}
      <Suspense fallback={null}>
        {codes && <TotpRecoveryModal codes={codes} onClose={() => setCodes(null)} />}
        {disabling && (
          <TotpDisableModal
            onClose={() => setDisabling(false)}
            onDone={() => {
              setDisabling(false);
              message.success('两步验证已关闭');
              void reload();
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
