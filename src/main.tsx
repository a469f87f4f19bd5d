import { createRoot } from 'react-dom/client';
import App from './app/App';
import { renderAntdStaticsWithReact19 } from './app/antd-react19';
import './styles.css';

renderAntdStaticsWithReact19();
createRoot(document.getElementById('root')!).render(<App />);
