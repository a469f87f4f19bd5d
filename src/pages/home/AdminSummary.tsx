import { Col, Row, Tag } from 'antd';
import { Panel } from '../../framework/page/Panel';
import { adminSummary } from './stat-cards';
import type { AdminFigures } from './use-statistics';

/** The sup's platform totals and resellers' profits, with the difference tagged 正常 (0) or 异常; dashes until they arrive. */
export default function AdminSummary({ admin }: { admin: AdminFigures | undefined }) {
  return (
    <Panel title="平台汇总" size="small" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        {adminSummary(admin).map((item) => (
          <Col key={item.key} xs={12} md={6} data-testid={`summary-${item.key}`}>
            <span className="fw-quiet">{item.label}</span>
            <div style={{ fontSize: 20, fontWeight: 600, marginTop: 4 }}>
              <span data-testid="stat-value">{item.value}</span>
              {item.abnormal !== undefined && (
                <Tag color={item.abnormal ? 'red' : 'green'} style={{ marginLeft: 8, verticalAlign: 'middle' }}>
                  {item.abnormal ? '异常' : '正常'}
                </Tag>
              )}
            </div>
          </Col>
        ))}
      </Row>
    </Panel>
  );
}
