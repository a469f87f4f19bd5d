import { Alert, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ActivationLink } from './activation-api';
import { ActivationPanel } from './ActivationPanel';
import { useActivations, type ActivationSource } from './use-activations';

interface Props {
  source: ActivationSource;
  /** What each panel shows under its actions. */
  extra?(link: ActivationLink): ReactNode;
  /** Put the keyboard on the first panel's 复制号码 once it is drawn. */
  focusFirst?: boolean;
}

/** The panels of one link or of every link an order bought, kept current. */
export function ActivationList({ source, extra, focusFirst }: Props) {
  const { links, at, error, reload } = useActivations(source);
  // Numbers taken again from these panels, newest first, each with a panel of its own.
  const [reused, setReused] = useState<number[]>([]);
  if (!links) return error ? <Alert type="error" showIcon message={error} /> : <Skeleton active paragraph={{ rows: 4 }} />;
  const onReused = (id: number) => {
    setReused((ids) => [id, ...ids]);
    void reload();
  };
  return (
    <div className="activation-list">
      {reused.map((id) => (
        <ActivationList key={`reused-${id}`} source={{ id }} />
      ))}
      {links.map((link, i) => (
        <ActivationPanel
          key={link.id}
          link={link}
          at={at}
          onChanged={() => void reload()}
          extra={extra?.(link)}
          onReused={onReused}
          focusCopy={focusFirst && i === 0}
        />
      ))}
    </div>
  );
}
