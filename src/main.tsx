import { createRoot, hydrateRoot } from 'react-dom/client';
import App, { screenCode } from './app/App';
import './styles.css';

const container = document.getElementById('root')!;
// /login and /store arrive pre-rendered (scripts/prerender.mjs): hydrate them, so what is already on screen stays
// and gains its handlers. Any other address, or such a page under another address, renders afresh.
// Either way once the screen's code is in (src/app/App.tsx): a console page shows its loading mark meanwhile.
void screenCode.then(() => {
  if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, <App />, { onRecoverableError });
  else createRoot(container).render(<App />);
});

/**
 * The build renders a screen's lazy parts (behind Suspense) as left to the client, and React reports
 * each such part when it hydrates (error 419) though nothing failed: only other errors are reported.
 */
function onRecoverableError(error: unknown) {
  if (!(error instanceof Error && /\b419\b/.test(error.message))) reportError(error);
}
