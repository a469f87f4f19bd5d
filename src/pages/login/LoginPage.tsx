import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAuthAction } from '../../common/use-auth-action';
import AuthCard from '../../common/AuthCard';
import { Input, Password } from '../../common/auth-inputs';
import FieldRow from './FieldRow';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';
import { useRegisterOpen } from './use-register-open';

const loadLogin = () => import('../../providers/auth-provider').then((m) => m.authProvider.login);

interface Credentials { username: string; password: string }
type Errors = Partial<Record<keyof Credentials, string>>;

/** Two required fields: checked here, so /login does not load antd's Form (a budget of 300 KB gzip). */
export function checkCredentials({ username, password }: Credentials): Errors {
  const errors: Errors = {};
  if (!username.trim()) errors.username = '请输入用户名';
  if (!password) errors.password = '请输入密码';
  return errors;
}

/**
 * Login: the client toasts a refusal (wrong password, disabled account); success goes to /home (or
 * the page wanted before). No register link while registration is closed. Opened while logged in, it
 * leads to /home.
 */
export default function LoginPage() {
  const { mutate: login, isPending } = useAuthAction<Credentials>(loadLogin);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const registerOpen = useRegisterOpen();
  useLeaveWhenSignedIn();

  const change = (name: keyof Credentials) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((err) => ({ ...err, [name]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkCredentials(values);
    setErrors(found);
    if (!found.username && !found.password) login({ username: values.username.trim(), password: values.password });
  };

  return (
    <AuthCard title="登录您的账号" footer={<>{registerOpen && <Link to="/register">没有账号？立即注册</Link>}<Link to="/store">返回商城</Link></>}>
      {/* post, to /login: a submit before the app runs (the page is pre-rendered) keeps the password out of the address. */}
      <form method="post" action="/login" onSubmit={submit} noValidate>
        <FieldRow id="login-username" label="用户名" error={errors.username}>
          <Input id="login-username" size="large" prefix={<UserOutlined />} placeholder="用户名" autoComplete="username"
            autoFocus value={values.username} onChange={change('username')} status={errors.username ? 'error' : ''} />
        </FieldRow>
        <FieldRow id="login-password" label="密码" error={errors.password}>
          <Password id="login-password" size="large" prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password"
            value={values.password} onChange={change('password')} status={errors.password ? 'error' : ''} />
        </FieldRow>
        <Button type="primary" htmlType="submit" size="large" block loading={isPending}>登录</Button>
      </form>
    </AuthCard>
  );
}
