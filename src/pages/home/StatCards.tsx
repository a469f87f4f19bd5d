import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { StatCard } from './stat-cards';

/** Clickable figure cards; each carries `stat-<key>` and its value `stat-value` for browser tests. */
export default function StatCards({ cards, loading }: { cards: StatCard[]; loading: boolean }) {
  const navigate = useNavigate();
  if (loading) return <Card style={{ marginBottom: 16 }}><Skeleton active paragraph={{ rows: 2 }} /></Card>;
  if (!cards.length) return <Card style={{ marginBottom: 16 }}><Empty description="暂无统计数据" /></Card>;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={6}>
          <Card hoverable size="small" data-testid={`stat-${card.key}`} onClick={() => navigate(card.to)}
            role="link" tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') navigate(card.to); }}>
            <Typography.Text type="secondary">{card.label}</Typography.Text>
            <div data-testid="stat-value" style={{ fontSize: 24, fontWeight: 600, marginTop: 4, fontVariantNumeric: 'tabular-nums' }}>
              {card.value}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
