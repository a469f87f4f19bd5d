import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './app/App';
import { renderAntdStaticsWithReact19 } from './app/antd-react19';
import './styles.css';

renderAntdStaticsWithReact19();
const container = document.getElementById('root')!;
// /login arrives pre-rendered (scripts/prerender.mjs): hydrate it, so the form already on screen stays
// and gains its handlers. Any other address, or that page under another address, renders afresh.
if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, <App />);
else createRoot(container).render(<App />);
