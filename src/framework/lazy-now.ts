import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };

/**
 * React.lazy that does not suspend once its code is in. A React.lazy suspends on its first render
 * even when its module arrived long before, and a part revealed after a Suspense fallback waits out
 * React's reveal throttle (about 300 ms), at each lazy layer of a screen (shell, screen, actions).
 * `preload` starts the load ahead of the render; a render after it has arrived draws at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component of any props, as React.lazy's own constraint: ComponentType<unknown> would refuse those with required props
export function lazyNow<T extends ComponentType<any>>(
  load: () => Promise<Module<T>>,
): LazyExoticComponent<T> & { preload(): Promise<Module<T>> } {
  let loaded: Module<T> | undefined;
  let pending: Promise<Module<T>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later render tries again
        throw error;
      },
    ));
  // A thenable that answers at once: React takes it as resolved and renders without suspending.
  const now = (module: Module<T>) => ({ then: (resolve: (m: Module<T>) => void) => resolve(module) }) as unknown as Promise<Module<T>>;
  return Object.assign(
    lazy(() => (loaded ? now(loaded) : preload())),
    { preload },
  );
}
