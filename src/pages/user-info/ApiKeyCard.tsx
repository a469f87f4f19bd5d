import { Button, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useApiKey } from './api-key';
import { API_KEY_ANCHOR } from './api-key-anchor';
import { modal } from '../../framework/notices';
import './user-info.css';

// The dialog that shows a new key is built when there is one.
const NewKeyModal = lazy(() => import('./NewKeyModal'));

/**
 * 接口密钥: the customer's key to the SMS-Activate compatible interface. Made or replaced here (a
 * replacement ends the old key, so it is confirmed first) and shown once; afterwards only its last
 * characters. A sup who switched into the account cannot make one: the key is the customer's secret.
 */
export default function ApiKeyCard({ switched }: { switched: boolean }) {
  const { info, created, busy, create, forget } = useApiKey();
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // Reached from the home card or 我的API (`#apikey`): brought into view once its facts are drawn.
  const loaded = info !== null;
  useEffect(() => {
    if (hash === `#${API_KEY_ANCHOR}` && loaded) card.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  const replace = () =>
    modal.confirm({
      title: '更换接口密钥？',
      content: '更换后旧密钥立即失效，正在使用旧密钥的脚本会收到 BAD_KEY（密钥无效），需要改用新密钥。',
      okText: '更换',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: create,
    });

  const state = () => {
    if (!info?.key) return <Typography.Text type="secondary">尚未创建</Typography.Text>;
    return (
      <span className="apikey-state">
        <Typography.Text code>{info.key}</Typography.Text>
        {info.has_key ? <Tag color="green">可用</Tag> : <Tag color="red">已被管理员撤销</Tag>}
      </span>
    );
  };

  return (
    <Card
      title="接口密钥"
      size="small"
      style={{ marginTop: 16, scrollMarginTop: 72 }}
      data-testid="apikey-card"
      id={API_KEY_ANCHOR}
      ref={card}
    >
      {!info ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            本站兼容 SMS-Activate
            接口：把您现有脚本里的接口地址换成下面的地址、密钥换成这里的接口密钥，即可用脚本购买号码、读取验证码，无需修改代码。
          </Typography.Paragraph>
          <Descriptions size="small" column={1} className="apikey-facts">
            <Descriptions.Item label="接口地址">
              <Typography.Text copyable={{ text: info.base_url, tooltips: ['复制', '已复制'] }} className="apikey-url">
                {info.base_url}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="当前密钥">{state()}</Descriptions.Item>
            {info.has_key && <Descriptions.Item label="创建时间">{info.create_at}</Descriptions.Item>}
            {info.has_key && <Descriptions.Item label="最近使用">{info.last_used_at ?? '尚未使用'}</Descriptions.Item>}
            {!info.has_key && info.revoked_at && <Descriptions.Item label="撤销时间">{info.revoked_at}</Descriptions.Item>}
          </Descriptions>
          {switched ? (
            <Typography.Text type="secondary">管理员切换进入时不能生成密钥，请由用户本人生成。</Typography.Text>
          ) : (
            <Button
              style={{ marginTop: 8 }}
              type={info.has_key ? 'default' : 'primary'}
              loading={busy}
              onClick={info.has_key ? replace : create}
            >
              {info.has_key ? '更换密钥' : '创建密钥'}
            </Button>
          )}
        </>
      )}
      {created && (
        <Suspense fallback={null}>
          <NewKeyModal created={created} onClose={forget} />
        </Suspense>
      )}
    </Card>
  );
}
