import { type ComponentType, lazy } from 'react';
import { PageBoundary } from './PageBoundary';

type PageExports<Name extends string> = Record<Name, ComponentType>;

/**
 * One chunk of pages, downloaded once. Once it is in, the pages of that chunk that have not rendered yet render at once
 * instead of suspending: a page nested in another page of the same chunk (the camera page in the cameras layout)
 * would otherwise show its loader for a render and hold React's reveal of the whole route back (React throttles the
 * reveal of a suspended route by up to 300 ms), which delayed the camera page's first render on a cold load.
 */
export interface PageChunk<Module> {
  /** Starts the download (a no-op once started); a failed download is tried again on the next call. */
  load(): Promise<Module>;
  /** The module, once downloaded. */
  loaded(): Module | undefined;
}

export function pageChunk<Module>(download: () => Promise<Module>): PageChunk<Module> {
  let module: Module | undefined;
  let pending: Promise<Module> | undefined;
  return {
    load() {
      pending ??= download().then(
        (value) => (module = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

/** A thenable that calls back synchronously: React's `lazy` resolves it within the render that asked. */
function settledThenable<T>(value: T): PromiseLike<T> {
  return {
    then<Result1 = T, Result2 = never>(onFulfilled?: ((value: T) => Result1 | PromiseLike<Result1>) | null) {
      return (onFulfilled ? Promise.resolve(onFulfilled(value)) : Promise.resolve(value)) as Promise<Result1 | Result2>;
    },
  };
}

/**
 * A route component that is downloaded when first shown: `name` is a named export of the chunk's module (a feature's
 * index or the page's file), which the bundler puts in a chunk of its own.
 */
export function lazyPage<Name extends string>(chunk: PageChunk<PageExports<Name>>, name: Name): ComponentType {
  const LazyComponent = lazy(() => {
    const loaded = chunk.loaded();
    const page = (module: PageExports<Name>) => ({ default: module[name] });
    return (loaded ? settledThenable(page(loaded)) : chunk.load().then(page)) as Promise<{ default: ComponentType }>;
  });
  function LazyPage() {
    return (
      <PageBoundary>
        <LazyComponent />
      </PageBoundary>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
