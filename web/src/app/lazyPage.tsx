import { type ComponentType, lazy } from 'react';
import { PageBoundary } from './PageBoundary';

/**
 * A route component that is downloaded when first shown: `name` is a named export of the module `load` imports
 * (a feature's index or the page's file), which the bundler puts in a chunk of its own.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  const LazyComponent = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
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
