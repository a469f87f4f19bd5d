import { Col, Empty, Row, Skeleton } from 'antd';
import { Panel } from '../../framework/page/Panel';
import { Link } from 'react-router';
import type { StatCard } from './stat-cards';

/** One line of the value's size, so a card is as tall loading as loaded and nothing below moves. */
const VALUE_STYLE = {
  minHeight: 36,
  lineHeight: '36px',
  fontSize: 24,
  fontWeight: 600,
  marginTop: 4,
  fontVariantNumeric: 'tabular-nums',
} as const;
const LOADING_STYLE = { ...VALUE_STYLE, display: 'flex', alignItems: 'center' } as const;

/**
 * Figure cards, each a link to the list behind its figure (named by its label and value, opened in a
 * new tab as any link); each carries `stat-<key>` and its value `stat-value` for browser tests. While
 * the figures load (values null) the same cards show a skeleton per value.
 */
export default function StatCards({ cards }: { cards: StatCard[] }) {
  if (!cards.length)
    return (
      <Panel style={{ marginBottom: 16 }}>
        <Empty description="暂无统计数据" />
      </Panel>
    );
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={6}>
          <Link to={card.to} className="stat-card-link" data-testid={`stat-${card.key}`}>
            <Panel hoverable size="small">
              <span className="fw-quiet">{card.label}</span>
              {card.value === null ? (
                <div style={LOADING_STYLE} aria-busy="true">
                  <Skeleton.Input active size="small" block style={{ width: '60%' }} />
                </div>
              ) : (
                <div data-testid="stat-value" style={VALUE_STYLE}>
                  {card.value}
                </div>
              )}
            </Panel>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
