import { Descriptions, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { Panel } from '../../framework/page/Panel';
import type { UserInfo } from '../../providers/auth-state';
import { formatMoney } from '../../common/money';
import { API_KEY_PATH } from '../user-info/api-key-anchor';

const or = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** The caller's own profile: name, balance, contacts and login figures; a customer's way to the 接口密钥 for scripts. */
export default function ProfileCard({ user }: { user: UserInfo | null }) {
  return (
    <Panel title="个人信息" size="small" style={{ marginBottom: 16 }} data-testid="profile-card">
      {!user ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 4 }}>
          <Descriptions.Item label="用户名">
            {user.username}
            {user.type === 'sup' && (
              <Tag color="red" style={{ marginLeft: 8 }}>
                管理员
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="余额">
            <span data-testid="profile-balance">{formatMoney(user.balance)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="邮箱">{or(user.email)}</Descriptions.Item>
          <Descriptions.Item label="Telegram">{or(user.tg)}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{or(user.create_at)}</Descriptions.Item>
          <Descriptions.Item label="最后登录时间">{or(user.login_at)}</Descriptions.Item>
          <Descriptions.Item label="登录次数">{or(user.login_count)}</Descriptions.Item>
          <Descriptions.Item label="登录IP">{or(user.login_ip)}</Descriptions.Item>
          {user.type !== 'sup' && (
            <Descriptions.Item label="接口密钥">
              <Link to={API_KEY_PATH} data-testid="profile-apikey">
                查看 / 创建接口密钥
              </Link>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Panel>
  );
}
