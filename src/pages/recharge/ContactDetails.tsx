import { Result, Skeleton } from 'antd';
import { SafeHtml } from '../../common/SafeHtml';
import { useContact } from '../../common/use-contact';

/** No way to pay online is on: the top-up goes through the shop's people, so their contact details (联系方式) come with it. */
export function ContactDetails() {
  const { content, loading } = useContact();
  return (
    <Result
      status="info"
      className="recharge-off"
      title="在线充值暂未开放"
      subTitle={content ? '请通过以下方式联系客服充值' : '请联系客服充值'}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        content && (
          <div className="recharge-contact" data-testid="recharge-contact">
            <SafeHtml html={content} />
          </div>
        )
      )}
    </Result>
  );
}
