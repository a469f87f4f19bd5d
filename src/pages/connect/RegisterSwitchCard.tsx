import { Card, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../providers/http';
import { CONTACT_URL } from '../../common/use-contact';
import { message } from '../../framework/notices';

interface SiteConfig {
  register_open?: boolean;
}

/** The sup's 开放注册 switch (system settings, saved at once through /api/config/edit). */
export default function RegisterSwitchCard() {
  const [open, setOpen] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api
      .get<SiteConfig>(CONTACT_URL, undefined, { silent: true })
      .then((config) => setOpen(config?.register_open !== false))
      .catch(() => setOpen(null));
  }, []);

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      const saved = await api.post<SiteConfig>('/api/config/edit', { register_open: next });
      setOpen(saved?.register_open !== false);
      message.success(next ? '已开放注册' : '已关闭注册');
    } catch {
      // The client has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="注册设置" size="small" style={{ marginBottom: 16 }}>
      <Space align="center">
        <Switch id="register-open" checked={open === true} disabled={open === null} loading={saving} onChange={change} />
        <label htmlFor="register-open">开放注册</label>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        关闭后，登录页不再显示注册入口，注册接口拒绝新用户；管理员仍可在用户列表中添加用户。
      </Typography.Paragraph>
    </Card>
  );
}
