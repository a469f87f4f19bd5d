import type { ReactNode } from 'react';
import { Button, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { Panel } from './Panel';

/** A record's page (form or details): its title, 返回列表 (to the list as it was left), its content. */
export function PageFrame({
  title,
  backTo,
  extra,
  loading,
  children,
}: {
  title: string;
  backTo: string;
  extra?: ReactNode;
  loading?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Panel
      className="fw-list-card"
      title={title}
      extra={
        <Space size={8}>
          {extra}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>
            返回列表
          </Button>
        </Space>
      }
    >
      <Spin spinning={Boolean(loading)}>{children}</Spin>
    </Panel>
  );
}
