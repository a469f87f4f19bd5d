import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd';
import App from './app/App';
import './styles.css';

// antd 5's static message/notification/modal need to know how to render under React 19.
unstableSetRender((node, container) => {
  const target = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  target._reactRoot ||= createRoot(container);
  const root = target._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

createRoot(document.getElementById('root')!).render(<App />);
