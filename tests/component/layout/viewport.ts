/**
 * A width-aware window.matchMedia for jsdom: evaluates `(max-width: Npx)` and `(min-width: Npx)`
 * against window.innerWidth, the way antd's Sider breakpoint and Grid ask.
 */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const conditions = [...query.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)];
      const matches =
        conditions.length > 0 && conditions.every(([, kind, px]) => (kind === 'max' ? width <= Number(px) : width >= Number(px)));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  });
}
