import type { ReactNode } from 'react';
import './auth-card.css';

/**
 * The centered card of the login and register screens. Plain elements rather than antd's Card and
 * Typography: those pull Tabs, Dropdown and Skeleton into the /login bundle.
 */
export default function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <h1 className="auth-brand">接码平台</h1>
        <p className="auth-title">{title}</p>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}
