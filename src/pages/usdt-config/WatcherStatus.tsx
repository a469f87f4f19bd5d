import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../providers/http';
import type { UsdtConfigAnswer } from './use-usdt-config';
import { message } from '../../framework/notices';

/** The watcher's health for the operator: when it last read the chain, what failed, and a "check now". */
export function WatcherStatus({
  status,
  onPolled,
}: {
  status: UsdtConfigAnswer['status'];
  onPolled(status: UsdtConfigAnswer['status']): void;
}) {
  const [polling, setPolling] = useState(false);
  const poll = async () => {
    setPolling(true);
    try {
      const r = await api.post<{ ran: boolean; status: UsdtConfigAnswer['status'] }>('/api/usdt/poll');
      onPolled(r.status);
      if (r.ran) message.success('已检查链上转账');
      else message.info('另一个服务进程正在检查，请稍后刷新');
    } catch {
      // The http client has said why.
    } finally {
      setPolling(false);
    }
  };
  return (
    <Card
      size="small"
      title="到账监听"
      data-testid="watcher-status"
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={polling} onClick={poll}>
          立即检查
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag color={status.watching ? 'blue' : 'default'}>进行中的订单 {status.watching}</Tag>
        <Link to="/system/transfer?f_state=unmatched">
          <Tag color={status.unmatched ? 'red' : 'default'}>待处理转账 {status.unmatched}</Tag>
        </Link>
        <Link to="/account/recharge/orders">全部充值订单</Link>
      </Space>
      {status.addresses.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未开始监听（填写收款地址后自动开始）" />}
      {status.addresses.map((a) => (
        <Descriptions
          key={a.address}
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 12 }}
          title={<Typography.Text style={{ wordBreak: 'break-all' }}>{a.address}</Typography.Text>}
        >
          <Descriptions.Item label="最近查询">{a.last_poll_at ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="最近成功">{a.last_ok_at ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="已读取到">{a.cursor ?? '-'}</Descriptions.Item>
          {a.last_error && (
            <Descriptions.Item label="最近错误">
              <Typography.Text type="danger" data-testid="watcher-error">
                {a.last_error}
              </Typography.Text>
              <Typography.Text type="secondary">
                （{a.last_error_at}，连续 {a.failures} 次{a.retry_at ? `，${a.retry_at} 后重试` : ''}）
              </Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      ))}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        有待支付或确认中的订单时按设置的间隔查询，否则每 10 秒查询一次。开启“等待区块确认”时，付款出现在区块中即显示“确认中”， 约 19
        个区块（约 1 分钟）后固化确认才入账。服务重启后从上次读取的位置（前移 3 分钟）继续，不会漏单，同一笔交易只入账一次。
      </Typography.Paragraph>
    </Card>
  );
}
