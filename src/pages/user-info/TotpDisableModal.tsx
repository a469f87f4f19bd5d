import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../providers/http';
import { totpApi } from './totp-api';

/** 关闭两步验证: only with a current code (or an unused recovery code). */
export default function TotpDisableModal({ onDone, onClose }: { onDone(): void; onClose(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!code.trim()) {
      setError('请输入验证码或恢复码');
      return;
    }
    setBusy(true);
    try {
      await totpApi.disable(code.trim());
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '关闭失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="关闭两步验证"
      onCancel={onClose}
      onOk={submit}
      okText="关闭两步验证"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="取消"
      maskClosable={false}
      width={420}
    >
      <Typography.Paragraph>关闭后登录只需密码。请输入身份验证器中的 6 位验证码（或一个恢复码）确认。</Typography.Paragraph>
      <Input
        id="totp-disable-code"
        aria-label="验证码"
        placeholder="6 位验证码或恢复码"
        autoComplete="one-time-code"
        maxLength={32}
        autoFocus
        value={code}
        status={error ? 'error' : ''}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        onPressEnter={submit}
      />
      {error && <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} message={error} />}
    </Modal>
  );
}
