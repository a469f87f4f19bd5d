import { Button, Card, Form, Input } from 'antd';
import { useEffect } from 'react';
import { resources } from '../../../resources.config';
import type { UserInfo } from '../../providers/auth-state';
import { api } from '../../providers/http';
import { rulesFor } from '../../common/field-rules';
import { useFormSubmit } from '../../common/use-form-submit';
import { refreshUserInfo } from '../../common/user-info';

interface Profile {
  email?: string;
  tg?: string;
}
const f = resources.users.fields;

/** Own email and Telegram: `POST /api/user/profile {email, tg}`, then the stored user info is re-read. */
export default function ProfileForm({ user }: { user: UserInfo | null }) {
  const [form] = Form.useForm<Profile>();

  useEffect(() => {
    form.setFieldsValue({ email: user?.email ?? '', tg: user?.tg ?? '' });
  }, [form, user?.email, user?.tg]);

  const { saving, submit: save } = useFormSubmit(
    form,
    async (values: Profile) => {
      await api.post('/api/user/profile', { email: values.email?.trim() || null, tg: values.tg?.trim() || null });
      await refreshUserInfo();
    },
    '保存成功',
  );

  return (
    <Card title="基本信息" size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item label="用户名">
          <Input aria-label="用户名" value={user?.username ?? ''} disabled />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={rulesFor(f.email, 'edit')}>
          <Input placeholder="name@example.com" />
        </Form.Item>
        <Form.Item name="tg" label="Telegram" rules={rulesFor(f.tg, 'edit')}>
          <Input placeholder="Telegram 用户名" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
