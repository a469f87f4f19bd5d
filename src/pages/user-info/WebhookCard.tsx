import { Button, Card, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ShowOnceModal } from '../../common/ShowOnceModal';
import { showOutcome } from '../../resources/delivery/replay';
import WebhookLog from './WebhookLog';
import WebhookPausedBanner from './WebhookPausedBanner';
import { useWebhook } from './webhook-api';
import { message, modal } from '../../framework/notices';
import './webhook.css';

/**
 * 回调通知: each code the customer's numbers receive (in the console or bought through the API) is
 * POSTed to their own URL, signed. The URL and its switch, the signing secret (shown once; 更换 ends
 * the old one), 发送测试, and the last deliveries with 重发. A sup who switched in may not see a secret.
 */
export default function WebhookCard({ switched }: { switched: boolean }) {
  const { config, log, secret, forgetSecret, save, rotate, test, reload } = useWebhook();
  const [form] = Form.useForm<{ url: string; enabled: boolean }>();
  const [busy, setBusy] = useState<'save' | 'test' | 'rotate' | null>(null);

  useEffect(() => {
    if (config) form.setFieldsValue({ url: config.url, enabled: config.url ? config.enabled : true });
  }, [config, form]);

  const run = async (what: 'save' | 'test' | 'rotate', call: () => Promise<void>) => {
    setBusy(what);
    try {
      await call();
    } catch {
      // Shown by the http client (a refused address is also marked on the field).
    } finally {
      setBusy(null);
    }
  };
  const onSave = (values: { url: string; enabled: boolean }) =>
    run('save', async () => {
      await save({ url: values.url.trim(), enabled: values.enabled });
      message.success('回调设置已保存');
    });
  const onTest = () =>
    run('test', async () => {
      const r = await test();
      showOutcome(message, r, '测试回调已送达', '测试回调未送达');
    });
  const onRotate = () =>
    modal.confirm({
      title: '更换签名密钥？',
      content: '更换后旧密钥立即失效，您的服务器需要改用新密钥验证签名。',
      okText: '更换',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => run('rotate', rotate),
    });

  return (
    <Card title="回调通知" size="small" style={{ marginTop: 16 }} data-testid="webhook-card">
      {!config ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <WebhookPausedBanner config={config} />
          <Typography.Paragraph type="secondary">
            每收到一条验证码（控制台购买的号码和接口脚本的激活都算），本站立即 POST 到您的地址，格式与 SMS-Activate 的回调相同，并附签名头
            X-Webhook-Signature。失败会自动重试约 2 小时。
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={onSave} requiredMark={false}>
            <Form.Item
              name="url"
              label="回调地址"
              rules={[
                { required: true, message: '请填写回调地址' },
                { max: 1000, message: '最多 1000 个字符' },
              ]}
            >
              <Input placeholder="https://example.com/sms-webhook" inputMode="url" autoComplete="off" />
            </Form.Item>
            <Form.Item name="enabled" label="开启推送" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={busy === 'save'} disabled={switched && !config.secret_hint}>
                保存
              </Button>
              <Button onClick={onTest} loading={busy === 'test'} disabled={!config.url}>
                发送测试
              </Button>
            </Space>
          </Form>
          <div className="webhook-secret">
            <span>签名密钥：</span>
            {config.secret_hint ? (
              <Typography.Text code>{config.secret_hint}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">保存回调地址后生成</Typography.Text>
            )}
            {config.secret_hint && !switched && (
              <Button size="small" onClick={onRotate} loading={busy === 'rotate'}>
                更换密钥
              </Button>
            )}
          </div>
          {switched && <Typography.Text type="secondary">管理员切换进入时不能查看或生成签名密钥，请由用户本人设置。</Typography.Text>}
          {config.url && <WebhookLog rows={log} onChange={() => void reload()} />}
        </>
      )}
      {secret && (
        <ShowOnceModal
          title="请保存您的签名密钥"
          width={560}
          onClose={forgetSecret}
          warning="关闭后无法再次查看。用它验证每次回调的 X-Webhook-Signature；遗失或泄露时请更换新密钥。"
          shown={[{ title: '签名密钥', value: secret, copy: '复制密钥', testId: 'webhook-secret' }]}
        />
      )}
    </Card>
  );
}
