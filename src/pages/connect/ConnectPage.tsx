import { Button, Card, Col, Empty, Form, Row, Skeleton, Space } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { api } from '../../providers/http';
import { SafeHtml } from '../../common/SafeHtml';
import { useContact } from '../../common/use-contact';
import { useFormSubmit } from '../../common/use-form-submit';
import RegisterSwitchCard from './RegisterSwitchCard';

const HtmlEditor = lazy(() => import('../../common/editor/HtmlEditor'));

/** Form.Item hands value/onChange to its direct child: this one, which waits for the editor's code. */
function EditorInput(props: { value?: string; onChange?(value: string): void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <HtmlEditor {...props} />
    </Suspense>
  );
}

/** The sup edits the contact HTML shown on the home screen and the public store. */
export default function ConnectPage() {
  const { content, loading, refetch } = useContact({ main: true });
  const [form] = Form.useForm<{ content: string }>();
  const draft = Form.useWatch('content', form) ?? '';

  useEffect(() => {
    if (!loading) form.setFieldsValue({ content });
  }, [form, loading, content]);

  const { saving, submit: save } = useFormSubmit(
    form,
    async (values: { content: string }) => {
      await api.post('/api/config/edit', { content: values.content ?? '' });
      await refetch();
    },
    '保存成功',
  );

  return (
    <Row gutter={16}>
      <Col xs={24} xxl={14}>
        <Card title="编辑联系方式" size="small" style={{ marginBottom: 16 }}>
          {loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <Form form={form} layout="vertical" onFinish={save}>
              <Form.Item name="content" label="联系方式内容" extra="显示在首页“联系我们”和公开商城页面">
                <EditorInput />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={saving}>
                  保存
                </Button>
                <Button onClick={() => form.setFieldsValue({ content })}>还原</Button>
              </Space>
            </Form>
          )}
        </Card>
        <RegisterSwitchCard />
      </Col>
      <Col xs={24} xxl={10}>
        <Card title="预览" size="small">
          {draft ? <SafeHtml html={draft} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" />}
        </Card>
      </Col>
    </Row>
  );
}
