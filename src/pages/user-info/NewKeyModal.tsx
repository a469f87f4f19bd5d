import { Typography } from 'antd';
import { ShowOnceModal } from '../../common/ShowOnceModal';
import type { NewApiKey } from './api-key';

/** A new key, shown this once with what a script needs: the key, the address, and a first call to try. */
export default function NewKeyModal({ created, onClose }: { created: NewApiKey; onClose(): void }) {
  return (
    <ShowOnceModal
      title="请保存您的接口密钥"
      width={560}
      onClose={onClose}
      warning="关闭后无法再次查看。请复制保存到安全的地方；遗失或泄露时请更换新密钥。"
      shown={[
        { title: '接口密钥', value: created.key, copy: '复制密钥', testId: 'apikey-secret' },
        { title: '接口地址（填入脚本的接口地址处）', value: created.base_url, copy: '复制接口地址' },
        { title: '试一试：查询余额', value: `${created.base_url}?api_key=${created.key}&action=getBalance` },
      ]}
    >
      <Typography.Paragraph type="secondary">在浏览器打开上面的地址，应返回 ACCESS_BALANCE:余额。</Typography.Paragraph>
    </ShowOnceModal>
  );
}
