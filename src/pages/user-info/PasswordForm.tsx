import { Button, Card, Form, Input } from 'antd';
import { resources } from '../../../resources.config';
import { api } from '../../providers/http';
import { rulesFor, sameAs } from '../../common/field-rules';
import { useFormSubmit } from '../../common/use-form-submit';

interface Passwords {
  old_password: string;
  password: string;
  confirm: string;
}

/** `POST /api/user/password {old_password, password}`; other devices are logged out by the server. */
export default function PasswordForm() {
  const [form] = Form.useForm<Passwords>();
  const { saving, submit: save } = useFormSubmit(
    form,
    async ({ old_password, password }: Passwords) => {
      await api.post('/api/user/password', { old_password, password });
      form.resetFields();
    },
    '密码已修改，其他设备上的登录已退出',
  );

  return (
    <Card title="修改密码" size="small">
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={rulesFor({ ...resources.users.fields.password, label: '新密码' }, 'create')}>
          <Input.Password autoComplete="new-password" placeholder="至少 8 位" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[{ required: true, message: '请再次输入新密码' }, sameAs('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}
