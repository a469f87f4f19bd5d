import { memo, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { datePresets } from './date-presets';
import { ListTable, type ListColumn } from './ListTable';

const nothing = () => undefined;
const columns: ListColumn[] = [
  { key: 'a', title: '-', width: 100, sortable: true, render: (r) => r.id as number },
  { key: 'b', title: '-', width: 80, fixed: 'right', ellipsis: true, render: () => '-' },
];

/**
 * The antd parts of a generated screen, drawn once while the browser is idle: antd builds each
 * component's styles on its first use, and that first use would otherwise be the first list someone
 * opens. Drawn into an element outside the page (nothing to lay out, nothing a query of the page
 * finds) and kept there: antd drops a component's styles from its cache when the last user
 * unmounts and builds them again on the next mount, so without a user of its own every list opened
 * from the menu would pay that again. Memoised: the shell redraws it on every navigation otherwise.
 * Also works out the date presets once.
 */
function StyleWarmup() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => {
    // The first date in the business time zone loads the browser's zone data (about 20 ms): here,
    // not in the first list with a date filter.
    datePresets();
  }, []);
  return createPortal(
    <div aria-hidden>
      <Card title={<Typography.Title level={5}>-</Typography.Title>} extra={<Button>-</Button>}>
        <Form layout="inline">
          <Form.Item label="-">
            <Input allowClear />
          </Form.Item>
          <Form.Item label="-">
            <Select allowClear options={[]} />
          </Form.Item>
          <Form.Item label="-">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item label="-">
            <Space.Compact>
              <InputNumber />
              <InputNumber />
            </Space.Compact>
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary">-</Button>
            </Space>
          </Form.Item>
        </Form>
        <Alert type="error" message="-" />
        <ListTable
          columns={columns}
          records={[{ id: 1 }]}
          width={900}
          loading={false}
          empty={null}
          onSort={nothing}
          selection={{ keys: [], onChange: nothing }}
          page={1}
          pageSize={10}
          pageSizes={[10, 20]}
          total={30}
          onPage={nothing}
        />
        <Empty />
      </Card>
    </div>,
    host,
  );
}

export default memo(StyleWarmup);
