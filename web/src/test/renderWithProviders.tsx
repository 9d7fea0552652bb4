import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { makeStore, type AppStore, type RootState } from '../app/store';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial address, e.g. `/n/5/cameras?fullPage=true`. */
  route?: string;
  /** Route pattern the element is mounted at, e.g. `/n/:networkId/cameras/*`; without it the element is rendered as is. */
  path?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Shows the router's current address in the document so tests can assert navigations. */
export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = '/', path, preloadedState, store = makeStore(preloadedState), ...renderOptions } = options;
  const content = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={[route]}>
        {content}
        <LocationDisplay />
      </MemoryRouter>
    </AppProviders>,
    renderOptions,
  );
  return { store, user: userEvent.setup(), ...result };
}
