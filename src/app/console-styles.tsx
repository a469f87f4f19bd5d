import { Button, Checkbox, Col, ConfigProvider, Descriptions, Empty, Layout, Row, Segmented, Skeleton, Space, Spin } from 'antd';
// As API商城 draws its search field: the field alone.
import Input from 'antd/es/input/Input';
import { ANTD_CONFIG } from './antd-config';

/**
 * One of each antd component a console screen draws as it opens on a phone (the shell, a list's
 * cards, /home, API商城's search and sort): scripts/prerender.mjs renders this at build time and
 * writes the CSS antd generates for them into a file the console's pages link, ending with antd's
 * record of the styles it holds. antd then neither generates nor inserts those styles on the phone's
 * slow CPU (about 0.2 s of it). Each component here costs its CSS's bytes on every console page, so
 * what a phone draws later (a dialog, a menu) or only a wide screen draws (the side menu, tables,
 * filter forms) is left out: its styles are generated as before.
 */
export function ConsoleStyleSample() {
  return (
    <ConfigProvider {...ANTD_CONFIG}>
      <Layout>
        <Space>
          <Button>a</Button>
        </Space>
        <Row>
          <Col span={12}>
            <Checkbox />
          </Col>
        </Row>
        <Descriptions items={[{ key: 'a', label: 'a', children: 'a' }]} />
        <Empty />
        <Spin />
        <Skeleton />
        <Input />
        <Segmented options={['a']} />
      </Layout>
    </ConfigProvider>
  );
}
