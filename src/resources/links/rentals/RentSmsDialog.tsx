import { useEffect, useState } from 'react';
import { Alert, Empty, List, Modal, Pagination, Spin, Typography } from 'antd';
import type { RowActionProps } from '../../../framework/registry';
import { ApiError } from '../../../providers/http';
import { CopyButton } from '../../../common/CopyButton';
import { rentApi, type RentSmsPage } from './rent-api';

const SIZE = 20;

/** A rental's SMS, newest first, a page at a time: sender, time, the whole text, and its code to copy. */
export default function RentSmsDialog({ record, onClose }: RowActionProps & { onClose(): void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RentSmsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    rentApi
      .sms(record.id, page, SIZE)
      .then(
        (d) => {
          if (current) {
            setData(d);
            setError(null);
          }
        },
        (e) => {
          if (current) setError(e instanceof ApiError ? e.message : '读取短信失败，请稍后重试');
        },
      )
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [record.id, page]);

  return (
    <Modal open title={`短信 - ${record.identifier}`} onCancel={onClose} footer={null} width={640}>
      {error && <Alert type="error" showIcon message={error} />}
      <Spin spinning={loading}>
        {data &&
          (data.total === 0 ? (
            <Empty description="还没有收到短信" />
          ) : (
            <>
              <Typography.Paragraph type="secondary">共 {data.total} 条，最新的在前</Typography.Paragraph>
              <List
                data-testid="rent-sms-list"
                dataSource={data.list}
                rowKey="id"
                renderItem={(sms) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <span>
                          {sms.sender || '未知发件人'} · {sms.received_at}
                        </span>
                      }
                      description={
                        <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                          {sms.text}
                        </Typography.Paragraph>
                      }
                    />
                    {sms.code && (
                      <span>
                        <Typography.Text strong>{sms.code}</Typography.Text> <CopyButton text={sms.code} label="复制验证码" size="small" />
                      </span>
                    )}
                  </List.Item>
                )}
              />
              {data.total > SIZE && (
                <Pagination size="small" current={page} pageSize={SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
              )}
            </>
          ))}
      </Spin>
    </Modal>
  );
}
