// Runs before every component test file. The files share one module cache and one jsdom per worker
// (isolate: false in vitest.config.ts), so everything here must be idempotent and every test must
// leave the document, the storage and the clock as it found them.
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { Modal } from 'antd';
import StyleContext from '@ant-design/cssinjs/lib/StyleContext';
import { Context as MotionContext } from 'rc-motion/lib/context';
import { authState } from '../../src/providers/auth-state';
import { frameNotices } from '../../src/framework/notices';
import { testNoticeFrame } from './notices-frame';

// findBy*/waitFor wait for what a user would wait for: on a loaded machine a render can take seconds.
// Only a test that was going to fail ever waits this long.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // A confirmation lives outside the test's tree (src/framework/notices.ts): cleanup leaves it open.
  Modal.destroyAll();
  authState.clear();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  restoreViewport();
});

// antd outside any provider renders its CSS-in-JS as on a server (styles computed, never injected)
// and without motion, as tests/component/framework/harness.tsx does inside one. Injected, jsdom
// parses every antd stylesheet and walks it on each getComputedStyle, which Testing Library calls for
// every element a role query looks at: a third of these tests' CPU time. Motion in jsdom waits for
// animation events that never come. These are the contexts' default values (what a component reads
// with no provider above it), set once per worker.
(StyleContext as unknown as { _currentValue: { mock?: string } })._currentValue.mock = 'server';
(MotionContext as unknown as { _currentValue: { motion?: boolean } })._currentValue.motion = false;
frameNotices(testNoticeFrame);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

const observers = globalThis as { ResizeObserver?: unknown };
if (!observers.ResizeObserver) {
  observers.ResizeObserver = class {
    observe() {
      /* jsdom has no layout */
    }
    unobserve() {
      /* jsdom has no layout */
    }
    disconnect() {
      /* jsdom has no layout */
    }
  };
}

// The width jsdom started with; a test that narrows the window (layout/viewport.ts) gets it back.
const initial = Symbol.for('component-setup.viewport');
const viewport: { innerWidth: number; matchMedia: typeof window.matchMedia } = ((
  window as unknown as Record<symbol, typeof viewport | undefined>
)[initial] ??= { innerWidth: window.innerWidth, matchMedia: window.matchMedia });
function restoreViewport(): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: viewport.innerWidth });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: viewport.matchMedia });
}

// antd's Table measures scrollbars through getComputedStyle on pseudo-elements, which jsdom warns
// about: drop the pseudo-element argument. Wrapped once per jsdom, not once per file.
const wrapped = Symbol.for('component-setup.getComputedStyle');
if (!(window.getComputedStyle as unknown as Record<symbol, unknown>)[wrapped]) {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = Object.assign((element: Element) => getComputedStyle(element), { [wrapped]: true });
}
