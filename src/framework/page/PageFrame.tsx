import type { ReactNode } from 'react';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useNarrow } from '../use-narrow';

/** A record's page (form or details): its title, 返回列表 (to the list as it was left), its content. */
export function PageFrame({ title, backTo, extra, loading, children }: {
  title: string; backTo: string; extra?: ReactNode; loading?: boolean; children: ReactNode;
}) {
  const navigate = useNavigate();
  const narrow = useNarrow();
  return (
    <Card
      className="fw-list-card"
      title={<Typography.Title level={5} style={{ margin: 0 }} ellipsis>{title}</Typography.Title>}
      extra={
        <Space size={8}>
          {extra}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>返回列表</Button>
        </Space>
      }
      styles={narrow ? { header: { padding: '0 12px' }, body: { padding: 12 } } : undefined}
    >
      <Spin spinning={Boolean(loading)}>{children}</Spin>
    </Card>
  );
}
