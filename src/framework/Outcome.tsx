import { Suspense, lazy } from 'react';
import type { ResultProps } from 'antd';

// antd's Result carries its 403/404/500 pictures (about 30 KB of script): loaded when a screen first shows one.
const Result = lazy(() => import('antd/es/result'));

/** antd's Result; while it loads, its words and actions as plain lines (usable at once). */
export function Outcome(props: ResultProps) {
  const plain = (
    <div role="status" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 20 }}>{props.title}</div>
      {props.subTitle && <div style={{ margin: '8px 0 24px' }}>{props.subTitle}</div>}
      {props.extra}
    </div>
  );
  return (
    <Suspense fallback={plain}>
      <Result {...props} />
    </Suspense>
  );
}
