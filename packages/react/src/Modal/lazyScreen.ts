import { type ComponentType, lazy } from 'react';
import type { ScreenComponent } from './types.ts';

/** A screen module's import: `() => import('./Screen.tsx')`, whose default export is the screen. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

interface Preloadable {
  /** Fetches the module (once; again after a failure). Never rejects. */
  preload: () => Promise<void>;
  /** The fetch has settled: rendering the screen now does not suspend on its code. */
  settled: () => boolean;
}

const preloadables = new WeakMap<ScreenComponent, Preloadable>();

/**
 * `React.lazy` for a modal screen whose code can also be fetched before it shows (issue 14
 * item 2, "No flicker, no jumps"): the screen registry preloads the likely next screens, and the
 * modal waits for the first screen's code before it shows its card.
 *
 * The import runs once and is shared by {@link preloadScreenComponent} and React's first render
 * (a failed import is tried again on the next call). Once the module is in, the lazy component
 * hands it to React synchronously (a thenable that calls back at once, which `React.lazy`
 * reads before it would suspend, in React 18 and 19), so a preloaded screen renders in the same
 * commit as the navigation instead of suspending for a microtask.
 *
 * @param load - The screen module's dynamic import.
 * @returns A lazy component, for a {@link ScreenEntry}'s `component`.
 */
export function lazyScreen(load: ScreenLoader): ScreenComponent {
  let loaded: { default: ComponentType } | null = null;
  let failed = false;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const fetchOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        failed = false;
        return module;
      },
      (error: unknown) => {
        pending = null;
        failed = true;
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() => {
    const module = loaded;
    if (!module) return fetchOnce();
    // Already fetched: resolve within `then`, so React takes the module without suspending.
    const now = { then: (resolve: (m: typeof module) => void) => resolve(module) };
    return now as unknown as Promise<typeof module>;
  });
  preloadables.set(component, {
    preload: () =>
      fetchOnce().then(
        () => undefined,
        () => undefined,
      ),
    settled: () => loaded !== null || failed,
  });
  return component;
}

/**
 * Starts fetching a screen's code (a {@link lazyScreen} component; other components are taken
 * as ready).
 *
 * @returns A promise that settles once the fetch has, fulfilled even when the import failed
 * (rendering the screen then throws the import error as `React.lazy` does).
 */
export function preloadScreenComponent(component: ScreenComponent): Promise<void> {
  return preloadables.get(component)?.preload() ?? Promise.resolve();
}

/**
 * Whether rendering `component` now would not wait for its code: a {@link lazyScreen} whose
 * import has settled (loaded or failed), or any other component.
 */
export function screenComponentSettled(component: ScreenComponent): boolean {
  return preloadables.get(component)?.settled() ?? true;
}
