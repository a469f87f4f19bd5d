import type { ReactNode } from 'react';

/** A label, an input and its error line, spaced like antd's vertical form. */
export default function FieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: error ? 8 : 24 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, color: 'rgba(0,0,0,0.88)' }}>
        {label}
      </label>
      {children}
      {error && (
        <div role="alert" style={{ color: '#cf1322', lineHeight: '24px', minHeight: 24 }}>
          {error}
        </div>
      )}
    </div>
  );
}
