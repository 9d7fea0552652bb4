import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_PREFERENCES, SUPPORTED_LOCALES } from '../features/preferences/preferencesSlice';

type Messages = Record<string, unknown>;

/** Every `locales/<lng>/<namespace>.json` is picked up, so features add namespaces by adding files. */
const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match;
  resources[language] = { ...resources[language], [namespace]: messages };
}

export const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_PREFERENCES.locale,
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LOCALES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
