import { Empty, Skeleton } from 'antd';
import { Panel } from '../../framework/page/Panel';
import { SafeHtml } from '../../common/SafeHtml';
import { useContact } from '../../common/use-contact';

export default function ContactCard() {
  const { content, loading } = useContact();
  return (
    <Panel title="联系我们" size="small" style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : content ? (
        <SafeHtml html={content} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无联系方式" />
      )}
    </Panel>
  );
}
