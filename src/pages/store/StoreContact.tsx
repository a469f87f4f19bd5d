import { Empty, Skeleton } from 'antd';
import { SafeHtml } from '../../common/SafeHtml';
import { useContact } from '../../common/use-contact';

/** The contact HTML of the public store; loaded after the page has painted. */
export default function StoreContact() {
  const { content, loading } = useContact();
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  return content ? <SafeHtml html={content} /> : <Empty description="暂无联系方式" />;
}
