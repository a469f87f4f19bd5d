import { Button, Card, Checkbox, Descriptions, InputNumber, QRCode, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { roleOf } from '../../framework/declaration';
import { permits, useGrants, useRole } from '../../framework/use-role';
import { useTelegram } from './telegram';
import TelegramBotCard from './TelegramBotCard';
import { modal } from '../../framework/notices';

/**
 * 绑定 Telegram: a one-time code and the bot's link (with a QR for the phone); once the chat sent
 * /start, what the account is told there. Hidden while no bot is set. The owner also sets the bot's
 * token here (TelegramBotCard).
 */
export default function TelegramCard({ sup }: { sup: boolean }) {
  const { info, code, busy, reload, bind, unbind, save } = useTelegram();
  const [events, setEvents] = useState<string[]>([]);
  const [threshold, setThreshold] = useState<number>(0);
  // The bot's token is the owner's (GET/POST /api/telegram/bot are 'sup' rules): other staff do not see it.
  const role = roleOf(useRole());
  useGrants();
  const ownsBot = sup && permits('sup', role);

  useEffect(() => {
    if (info) {
      setEvents(info.events);
      setThreshold(info.balance_threshold);
    }
  }, [info]);

  const confirmUnbind = () =>
    modal.confirm({
      title: '解绑 Telegram？',
      content: '解绑后此聊天不再收到任何通知。',
      okText: '解绑',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: unbind,
    });

  const body = () => {
    if (!info) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (info.bound) {
      return (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="已绑定">
              <span data-testid="telegram-chat">{info.chat_title}</span>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>通知内容</Typography.Text>
          <Checkbox.Group
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0' }}
            value={events}
            onChange={(v) => setEvents(v as string[])}
            options={info.choices.map((c) => ({ value: c.name, label: c.label }))}
          />
          {!sup && events.includes('balance_low') && (
            <Space style={{ marginBottom: 8 }}>
              <label htmlFor="tg-threshold">余额低于</label>
              <InputNumber
                id="tg-threshold"
                min={0}
                max={100000}
                precision={2}
                prefix="$"
                value={threshold}
                onChange={(v) => setThreshold(Number(v ?? 0))}
              />
              <span>时提醒（0 为不提醒）</span>
            </Space>
          )}
          <Space wrap>
            <Button type="primary" loading={busy} onClick={() => save(events, sup ? undefined : threshold)}>
              保存通知设置
            </Button>
            <Button danger onClick={confirmUnbind}>
              解绑
            </Button>
          </Space>
        </>
      );
    }
    return (
      <>
        <Typography.Paragraph type="secondary">
          绑定后，机器人会推送{sup ? '设备失联、库存不足、未匹配转账等提醒和每日汇总' : '新到的验证码和余额提醒'}，还可以用 /balance、/codes
          查询。
        </Typography.Paragraph>
        {code ? (
          <div data-testid="telegram-code" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
            <QRCode value={code.link} size={148} bordered={false} />
            <div style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography.Paragraph>
                用手机扫码，或点击{' '}
                <Typography.Link href={code.link} target="_blank" rel="noreferrer">
                  打开机器人
                </Typography.Link>
                ，在 Telegram 中点“开始”。
              </Typography.Paragraph>
              <Typography.Paragraph>
                或向 @{info.bot_username} 发送：
                <br />
                <Typography.Text
                  code
                  copyable={{ text: `/start ${code.code}`, tooltips: ['复制', '已复制'] }}
                  style={{ wordBreak: 'break-all' }}
                >
                  /start {code.code}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Text type="secondary">绑定码 10 分钟内有效，只能使用一次。</Typography.Text>
            </div>
          </div>
        ) : (
          <Button type="primary" loading={busy} onClick={bind}>
            绑定 Telegram
          </Button>
        )}
      </>
    );
  };

  // No bot set: there is nothing to bind, so no card (the owner sets the bot just below).
  const unset = info !== null && !info.configured;
  return (
    <>
      {!unset && (
        <Card title="Telegram 通知" size="small" style={{ marginTop: 16 }} data-testid="telegram-card">
          {body()}
        </Card>
      )}
      {ownsBot && <TelegramBotCard onChange={() => void reload()} />}
    </>
  );
}
