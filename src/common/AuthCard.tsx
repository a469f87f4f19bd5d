import { Suspense, lazy, type ReactNode } from 'react';
import { isResellerSite, siteName } from './site';
import { useHydrated } from './use-hydrated';
import './auth-card.css';

// A reseller's notice, with the HTML sanitizer it needs: only on its site, after the form has painted.
const SiteNotice = lazy(() => import('./SiteNotice'));

/**
 * The centered card of the login and register screens. Plain elements rather than antd's Card and
 * Typography: those pull Tabs, Dropdown and Skeleton into the /login bundle.
 */
export default function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  // The pre-rendered page has no notice: it is added once the page has been hydrated.
  const hydrated = useHydrated();
  return (
    <div className="auth-page">
      <main className="auth-card">
        <h1 className="auth-brand">{siteName()}</h1>
        <p className="auth-title">{title}</p>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
        {hydrated && isResellerSite() && (
          <Suspense fallback={null}>
            <SiteNotice className="auth-notice" />
          </Suspense>
        )}
      </main>
    </div>
  );
}
