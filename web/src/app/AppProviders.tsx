import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { usePreference } from '../features/preferences/hooks';
import { changeLocale, i18n } from '../i18n';
import type { AppStore } from './store';
import { theme } from './theme';

function PreferenceSync() {
  const locale = usePreference('locale');
  useEffect(() => {
    if (i18n.language !== locale) void changeLocale(locale);
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

function ThemedProviders({ env, children }: { env?: 'default' | 'test'; children: ReactNode }) {
  const colorScheme = usePreference('theme');
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme} env={env}>
      <Notifications position="top-right" />
      {children}
    </MantineProvider>
  );
}

export interface AppProvidersProps {
  store: AppStore;
  /** 'test' turns off Mantine transitions and portals' delays in unit tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Store, theme, notifications and translations; the router is added by the caller. */
export function AppProviders({ store, env, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <PreferenceSync />
        <ThemedProviders env={env}>{children}</ThemedProviders>
      </I18nextProvider>
    </Provider>
  );
}
