import { Alert, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
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
  // Numbers taken again from these panels, newest first, each with a panel of its own.
  const [reused, setReused] = useState<number[]>([]);
  if (!links) return error ? <Alert type="error" showIcon message={error} /> : <Skeleton active paragraph={{ rows: 4 }} />;
  const onReused = (id: number) => { setReused((ids) => [id, ...ids]); void reload(); };
  return (
    <div className="activation-list">
      {reused.map((id) => <ActivationList key={`reused-${id}`} source={{ id }} />)}
      {links.map((link) => (
        <ActivationPanel key={link.id} link={link} at={at} onChanged={() => void reload()} extra={extra?.(link)} onReused={onReused} />
      ))}
    </div>
  );
}
