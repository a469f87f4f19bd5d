import { Card, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** One login attempt as `GET /api/user/logins` answers it. */
interface LoginRow {
  id: number;
  create_at: string;
  ip: string | null;
  success: boolean;
  reason: string | null;
}

/**
 * 登录记录: the account's own newest login attempts (time, address, whether it succeeded and why
 * not), so its owner notices a login that was not theirs.
 */
export default function LoginHistoryCard() {
  const [rows, setRows] = useState<LoginRow[] | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ list: LoginRow[] }>('/api/user/logins').then(
      (d) => {
        if (live) setRows(d.list);
      },
      () => {
        if (live) setRows([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Card title="登录记录" size="small" style={{ marginTop: 16 }} data-testid="login-history">
      <Table<LoginRow>
        size="small"
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
        locale={{ emptyText: '暂无登录记录' }}
        columns={[
          { title: '时间', dataIndex: 'create_at', width: 170 },
          { title: '地址', dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
          {
            title: '结果',
            dataIndex: 'success',
            render: (ok: boolean, row) =>
              ok ? <Tag color="green">成功</Tag> : <Tag color="red">{row.reason ? `失败：${row.reason}` : '失败'}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
