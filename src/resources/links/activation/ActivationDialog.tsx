import { Modal } from 'antd';
import { ActivationList } from './ActivationList';

/** One link's panel over 我的API (opened by its number or 打开). */
export default function ActivationDialog({ id, identifier, onClose }: { id: number; identifier: string; onClose(): void }) {
  return (
    <Modal open onCancel={onClose} footer={null} destroyOnHidden width={560} title={`号码 ${identifier}`}>
      <ActivationList source={{ id }} />
    </Modal>
  );
}
