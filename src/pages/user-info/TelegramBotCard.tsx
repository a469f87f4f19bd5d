import { Button, Card, Descriptions, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../providers/http';
import { message } from '../../framework/notices';

/** `GET /api/telegram/bot`: the service's bot as the sup may see it (never the token). */
interface BotStatus {
  configured: boolean;
  source: 'env' | 'settings' | null;
  bot_username: string | null;
  token_hint: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

/**
 * The sup sets the service's one bot: its token from @BotFather, checked by Telegram before it is
 * kept. `onChange` after a save (the binding card above appears or goes with the bot).
 */
export default function TelegramBotCard({ onChange }: { onChange?: () => void }) {
  const [status, setStatus] = useState<BotStatus | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ token: string }>();

  const load = useCallback(async () => {
    try {
      setStatus(await api.get<BotStatus>('/api/telegram/bot', undefined, { silent: true }));
    } catch {
      // Left empty.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (token: string) => {
    setSaving(true);
    try {
      setStatus(await api.post<BotStatus>('/api/telegram/bot', { token }));
      form.resetFields();
      message.success(token ? '已保存机器人令牌' : '已清除机器人令牌');
      onChange?.();
    } catch {
      // The http client has shown why (a token Telegram refused).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Telegram 机器人（系统设置）" size="small" style={{ marginTop: 16 }} data-testid="telegram-bot-card">
      {!status ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="机器人">
              {status.configured ? (
                <span data-testid="telegram-bot-name">@{status.bot_username ?? '（待连接）'}</span>
              ) : (
                <Typography.Text type="secondary">未配置</Typography.Text>
              )}
            </Descriptions.Item>
            {status.token_hint && (
              <Descriptions.Item label="令牌">
                {status.token_hint}
                {status.source === 'env' ? '（来自环境变量 TELEGRAM_BOT_TOKEN）' : ''}
              </Descriptions.Item>
            )}
            {status.last_ok_at && <Descriptions.Item label="最近连接">{status.last_ok_at}</Descriptions.Item>}
            {status.last_error && (
              <Descriptions.Item label="最近错误">
                {status.last_error}（{status.last_error_at}）
              </Descriptions.Item>
            )}
          </Descriptions>
          {status.source !== 'env' && (
            <Form form={form} layout="vertical" onFinish={(v) => submit(v.token?.trim() ?? '')}>
              <Form.Item
                name="token"
                label="机器人令牌"
                extra="在 Telegram 找 @BotFather 创建机器人后得到；保存前会向 Telegram 核对，保存后不再显示。"
                rules={[{ required: true, message: '请填写机器人令牌' }]}
              >
                <Input.Password placeholder="123456789:AA..." autoComplete="off" />
              </Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={saving}>
                  保存
                </Button>
                {status.configured && (
                  <Button danger onClick={() => submit('')}>
                    清除令牌
                  </Button>
                )}
              </Space>
            </Form>
          )}
        </>
      )}
    </Card>
  );
}
