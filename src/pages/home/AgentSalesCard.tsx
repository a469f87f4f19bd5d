import { Col, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { resources } from '../../../resources.config';
import { Panel } from '../../framework/page/Panel';
import { api } from '../../providers/http';

/** `GET /api/aggregator/sales` (docs/api.md): each aggregator's sales (status 3), in dollars. */
export interface AgentSales {
  list: {
    id: number;
    name: string;
    today: { count: number; amount: number };
    month: { count: number; amount: number };
    total: { count: number; amount: number };
    waiting: number;
  }[];
}

const money = (n: number) => `$${n.toFixed(2)}`;

/**
 * 聚合平台代售: per aggregator, the numbers it bought today, this month and in all (how many, for how
 * much), and how many it holds now. Drawn only once an aggregator has taken a number.
 */
export default function AgentSalesCard() {
  const [sales, setSales] = useState<AgentSales | null>(null);
  useEffect(() => {
    let live = true;
    api.get<AgentSales>('/api/aggregator/sales', undefined, { silent: true }).then(
      (s) => live && setSales(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!sales?.list.length) return null;
  return (
    <Panel
      title="聚合平台代售"
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="agent-sales"
      extra={<Link to={resources.agent_activation.route}>代售记录</Link>}
    >
      {sales.list.map((a) => (
        <div key={a.id} data-testid={`agent-sales-${a.id}`} style={{ marginBottom: 12 }}>
          <Typography.Text strong>{a.name}</Typography.Text>
          <Row gutter={[16, 8]} style={{ marginTop: 4 }}>
            {(
              [
                ['今日售出', a.today],
                ['本月售出', a.month],
                ['累计售出', a.total],
              ] as const
            ).map(([label, f]) => (
              <Col key={label} xs={12} md={6}>
                <span className="fw-quiet">{label}</span>
                <div style={{ fontSize: 18, fontWeight: 600 }}>
                  {money(f.amount)}{' '}
                  <span className="fw-quiet" style={{ fontSize: 14, fontWeight: 400 }}>
                    {f.count} 个
                  </span>
                </div>
              </Col>
            ))}
            <Col xs={12} md={6}>
              <span className="fw-quiet">代售中</span>
              <div style={{ fontSize: 18, fontWeight: 600 }}>{a.waiting} 个</div>
            </Col>
          </Row>
        </div>
      ))}
    </Panel>
  );
}
