import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd';

/** antd 5's static message/notification/modal need to be told how to render under React 19. */
export function renderAntdStaticsWithReact19(): void {
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
}
