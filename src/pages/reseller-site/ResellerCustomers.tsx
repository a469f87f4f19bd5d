import { Button, Card, Empty, Input, Pagination, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNarrow } from '../../framework/use-narrow';
import { api } from '../../providers/http';
import { formatMoney } from '../../common/money';
import TransferDialog from './TransferDialog';
import type { ResellerCustomer } from './reseller-customer';

const PAGE_SIZE = 10;

/**
 * The reseller's own customers, read only (name, balance, orders, the profit each earned it and what
 * refunds took back, joined), with 划款 to one of them.
 */
export default function ResellerCustomers({ onMoved }: { onMoved(): void }) {
  const narrow = useNarrow();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: ResellerCustomer[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [moving, setMoving] = useState<ResellerCustomer | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api.post('/api/reseller/customers', keyword ? { keyword } : {}, { page, pageSize: PAGE_SIZE }));
    } catch {
      // The http client has said why.
    } finally {
      setLoading(false);
    }
  }, [keyword, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const move = (c: ResellerCustomer) => (
    <Button size="small" onClick={() => setMoving(c)}>
      划款
    </Button>
  );
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有找到客户' : '还没有客户：客户在您的域名注册后会出现在这里'} />
  );

  return (
    <Card size="small" title="我的客户" className="reseller-customers" style={{ marginTop: 16 }}>
      <Input.Search
        allowClear
        placeholder="按用户名搜索"
        aria-label="按用户名搜索"
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setPage(1);
          setKeyword(v.trim());
        }}
      />
      {narrow ? (
        <>
          {!loading && !data.list.length && empty}
          <ul className="reseller-customer-cards">
            {data.list.map((c) => (
              <li key={c.id} data-testid="reseller-customer">
                <div>
                  <strong>{c.username}</strong>
                  <div className="fw-quiet">
                    余额 {formatMoney(c.balance)} · 订单 {c.orders} · {c.create_at?.slice(0, 10)}
                  </div>
                  <div className="fw-quiet">
                    利润 {formatMoney(c.profit)} · 已冲回 {formatMoney(c.profit_reversed)}
                  </div>
                </div>
                {move(c)}
              </li>
            ))}
          </ul>
          {data.total > PAGE_SIZE && <Pagination simple current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />}
        </>
      ) : (
        <Table<ResellerCustomer>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data.list}
          locale={{ emptyText: empty }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false }}
          onRow={() => ({ 'data-testid': 'reseller-customer' }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: '用户名', dataIndex: 'username' },
            { title: '余额', dataIndex: 'balance', align: 'right', render: (v: number) => formatMoney(v) },
            { title: '订单数', dataIndex: 'orders', align: 'right' },
            { title: '利润', dataIndex: 'profit', align: 'right', render: (v: number) => formatMoney(v) },
            { title: '已冲回', dataIndex: 'profit_reversed', align: 'right', render: (v: number) => formatMoney(v) },
            { title: '注册时间', dataIndex: 'create_at' },
            { title: '操作', key: 'op', render: (_, c) => move(c) },
          ]}
        />
      )}
      {moving && (
        <TransferDialog
          customer={moving}
          onClose={() => setMoving(null)}
          onDone={() => {
            void load();
            onMoved();
          }}
        />
      )}
    </Card>
  );
}
