import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { replayDelivery, showOutcome } from '../../resources/delivery/replay';
import type { DeliveryRow } from './webhook-api';
import { message } from '../../framework/notices';
import './webhook.css';

const STATUS: Record<DeliveryRow['status'], { label: string; color: string }> = {
  pending: { label: '发送中', color: 'processing' },
  delivered: { label: '已送达', color: 'green' },
  failed: { label: '失败', color: 'red' },
};

/** The last deliveries to the customer's webhook, with 重发 on a failed one, and the way to the whole log. */
export default function WebhookLog({ rows, onChange }: { rows: DeliveryRow[]; onChange(): void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const replay = async (row: DeliveryRow) => {
    setBusy(row.id);
    try {
      const r = await replayDelivery(row.id);
      showOutcome(message, r, '已重发并送达', '重发未送达');
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(null);
      onChange();
    }
  };
  return (
    <>
      <Typography.Paragraph strong style={{ margin: '16px 0 8px' }}>
        最近投递
      </Typography.Paragraph>
      <Table<DeliveryRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        tableLayout="fixed"
        data-testid="webhook-log"
        locale={{ emptyText: '还没有回调记录' }}
        columns={[
          {
            title: '事件',
            dataIndex: 'event',
            width: 150,
            render: (v: string, r) => (
              <>
                <div>{v === 'test' ? '测试' : `验证码 ${r.code ?? ''}`}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {r.create_at}
                </Typography.Text>
              </>
            ),
          },
          {
            title: '结果',
            key: 'result',
            render: (_: unknown, r) => (
              <div className="webhook-result">
                <Tag color={STATUS[r.status].color}>{STATUS[r.status].label}</Tag>
                <Typography.Text type="secondary">
                  {r.http_status ? `HTTP ${r.http_status} · ` : ''}第 {r.attempt} 次
                </Typography.Text>
                {r.error && (
                  <Typography.Text type="danger" className="webhook-error">
                    {r.error}
                    {r.next_at ? `（${r.next_at} 重试）` : ''}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 72,
            render: (_: unknown, r) =>
              r.status === 'failed' ? (
                <Button size="small" loading={busy === r.id} onClick={() => void replay(r)}>
                  重发
                </Button>
              ) : null,
          },
        ]}
      />
      <Link to="/user/webhook/delivery" style={{ display: 'inline-block', marginTop: 8 }}>
        全部投递记录
      </Link>
    </>
  );
}
