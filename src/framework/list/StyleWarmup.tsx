import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Select, Space, Spin, Table, Typography } from 'antd';
import { datePresets } from './date-presets';

const hidden = { position: 'absolute', left: -10000, top: 0, width: 800, visibility: 'hidden', pointerEvents: 'none' } as const;

/**
 * The antd parts of a generated screen, drawn once out of sight while the browser is idle: antd
 * builds each component's styles on its first use, and that first use would otherwise be the first
 * list someone opens. Removed again as soon as it has been drawn. Also works out the date presets once.
 */
export default function StyleWarmup({ onDone }: { onDone(): void }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    // The first date in the business time zone loads the browser's zone data (about 20 ms): here,
    // not in the first list with a date filter.
    datePresets();
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => { if (drawn) onDone(); }, [drawn, onDone]);
  return (
    <div aria-hidden style={hidden}>
      <Card title={<Typography.Title level={5}>-</Typography.Title>} extra={<Button>-</Button>}>
        <Form layout="inline">
          <Form.Item label="-"><Input allowClear /></Form.Item>
          <Form.Item label="-"><Select allowClear options={[]} /></Form.Item>
          <Form.Item label="-"><DatePicker.RangePicker /></Form.Item>
          <Form.Item label="-"><InputNumber /></Form.Item>
          <Form.Item><Space><Button type="primary">-</Button></Space></Form.Item>
        </Form>
        <Alert type="error" message="-" />
        <Spin spinning={false}>
          <Table rowKey="id" size="middle" tableLayout="fixed" scroll={{ x: 900 }} dataSource={[{ id: 1 }]}
            columns={[{ key: 'a', title: '-', dataIndex: 'id', width: 100, sorter: true }, { key: 'b', title: '-', fixed: 'right', width: 80 }]}
            pagination={{ total: 30, showSizeChanger: true, showTotal: (n) => n }} />
        </Spin>
        <Empty />
      </Card>
    </div>
  );
}
