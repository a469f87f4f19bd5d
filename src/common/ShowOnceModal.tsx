import { Alert, Button, Modal, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import './show-once.css';

/** One value to show: what it is, the value, and the label of its copy button (none: not copied). */
export interface Shown {
  title: ReactNode;
  value: string;
  copy?: string;
  testId?: string;
}

/**
 * A secret the server answers this once (a device's secret, a new API key) and what goes with it,
 * each with a copy button, behind a warning that it will not be shown again. Only 我已保存 or the
 * close button end it: a click beside the dialog does not.
 */
export function ShowOnceModal({
  title,
  width,
  warning,
  shown,
  onClose,
  children,
}: {
  title: ReactNode;
  width: number;
  warning: string;
  shown: Shown[];
  onClose(): void;
  children?: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      maskClosable={false}
      width={width}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="密钥只显示这一次" description={warning} />
      {shown.map((s, i) => (
        <Fragment key={i}>
          <Typography.Paragraph strong style={i > 0 ? { marginTop: 16 } : undefined}>
            {s.title}
          </Typography.Paragraph>
          <pre className="show-once-text" data-testid={s.testId}>
            {s.value}
          </pre>
          {s.copy && <CopyButton text={s.value} label={s.copy} />}
        </Fragment>
      ))}
      {children}
    </Modal>
  );
}
