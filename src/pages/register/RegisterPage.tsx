import { Button, Form } from 'antd';
import { Link } from 'react-router';
import { useAuthAction } from '../../common/use-auth-action';
import { resources } from '../../../resources.config';
import AuthCard from '../../common/AuthCard';
import { Input, Password } from '../../common/auth-inputs';
import { rulesFor, sameAs } from '../../common/field-rules';
import { useRegisterOpen } from '../login/use-register-open';

const loadRegister = () => import('../../providers/auth-provider').then((m) => m.authProvider.register!);

interface Registration {
  username: string;
  password: string;
  confirm?: string;
  email?: string;
  tg?: string;
}

const f = resources.users.fields;

/** Registration with the rules the server applies (resources.config.ts users fields); a notice instead while the sup has closed it. */
export default function RegisterPage() {
  const { mutate: register, isPending } = useAuthAction<Registration>(loadRegister);
  const registerOpen = useRegisterOpen();
  const submit = ({ confirm: _confirm, ...values }: Registration) =>
    register({ ...values, email: values.email?.trim() || undefined, tg: values.tg?.trim() || undefined });

  const footer = (
    <>
      <Link to="/login">已有账号？去登录</Link>
      <Link to="/store">返回商城</Link>
    </>
  );
  if (!registerOpen) {
    return (
      <AuthCard title="注册新账号" footer={footer}>
        <p role="status" style={{ textAlign: 'center', margin: '24px 0' }}>
          暂不开放注册，请联系管理员
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="注册新账号" footer={footer}>
      <Form<Registration> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label="用户名" rules={rulesFor(f.username, 'create')} extra="3-32 位字母、数字或下划线">
          <Input placeholder="用户名" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={rulesFor(f.password, 'create')}>
          <Password placeholder="密码（至少 8 位）" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[{ required: true, message: '请再次输入密码' }, sameAs('password')]}
        >
          <Password placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="email" label="邮箱（选填）" rules={rulesFor(f.email, 'create')}>
          <Input placeholder="name@example.com" autoComplete="email" />
        </Form.Item>
        <Form.Item name="tg" label="Telegram（选填）" rules={rulesFor(f.tg, 'create')}>
          <Input placeholder="Telegram 用户名" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          注册
        </Button>
      </Form>
    </AuthCard>
  );
}
