import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { ActivationLink } from './activation-api';
import { ActivationPanel } from './ActivationPanel';
import { useActivations, type ActivationSource } from './use-activations';

interface Props {
  source: ActivationSource;
  /** What each panel shows above its actions. */
  extra?(link: ActivationLink): ReactNode;
}

/** The panels of one link or of every link an order bought, kept current. */
export function ActivationList({ source, extra }: Props) {
  const { links, at, error, reload } = useActivations(source);
  if (!links) return error ? <Alert type="error" showIcon message={error} /> : <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <div className="activation-list">
      {links.map((link) => <ActivationPanel key={link.id} link={link} at={at} onChanged={() => void reload()} extra={extra?.(link)} />)}
    </div>
  );
}
