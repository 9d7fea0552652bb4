import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_PREFERENCES, SUPPORTED_LOCALES } from '../features/preferences/preferencesSlice';

type Messages = Record<string, unknown>;

/**
 * Every `locales/<lng>/<namespace>.json` is picked up, so features add namespaces by adding files. The default
 * language's texts are in the entry; another language's load when the user picks it (`changeLocale`). The namespaces of
 * pages that are their own chunks (`LAZY_NAMESPACES`: features/walls/wallTexts.ts, features/dewarp/dewarpTexts.ts,
 * features/event-search/eventSearchTexts.ts, features/signin/signinTexts.ts, features/motion-search/motionSearchTexts.ts,
 * components/timePicker/timePickerTexts.ts, features/exports/exportsTexts.ts, features/bookmarks/bookmarksTexts.ts,
 * features/similarity-search/similaritySearchTexts.ts, features/two-factor/twoFactorTexts.ts,
 * features/captcha/captchaTexts.ts, features/password/passwordTexts.ts, features/admin/users/usersTexts.ts,
 * features/admin/accessLog/accessLogTexts.ts, features/admin/signInPolicy/signInPolicyTexts.ts,
 * features/access-control/accessControlTexts.ts, features/global-search/globalSearchTexts.ts,
 * features/feedback/feedbackTexts.ts, features/admin/feedback/feedbackAdminTexts.ts,
 * features/admin/searchTelemetry/searchTelemetryTexts.ts) are added by those chunks when
 * they load (`addLocaleFiles`), so the entry (and the camera page) carries neither another language's texts nor those
 * pages'.
 * (The glob patterns must be literals: Vite reads them at build time.)
 */
export const LAZY_NAMESPACES = [
  'walls',
  'wallEditor',
  'dewarp',
  'eventSearch',
  'signin',
  'motionSearch',
  'timePicker',
  'exports',
  'bookmarks',
  'similaritySearch',
  'twoFactor',
  'captcha',
  'password',
  'users',
  'accessLog',
  'signInPolicy',
  'accessControl',
  'globalSearch',
  'feedback',
  'feedbackAdmin',
  'searchTelemetry',
] as const;
const files = import.meta.glob<Messages>(
  [
    './locales/en/*.json',
    '!./locales/*/walls.json',
    '!./locales/*/wallEditor.json',
    '!./locales/*/dewarp.json',
    '!./locales/*/eventSearch.json',
    '!./locales/*/signin.json',
    '!./locales/*/motionSearch.json',
    '!./locales/*/timePicker.json',
    '!./locales/*/exports.json',
    '!./locales/*/bookmarks.json',
    '!./locales/*/similaritySearch.json',
    '!./locales/*/twoFactor.json',
    '!./locales/*/password.json',
    '!./locales/*/captcha.json',
    '!./locales/*/users.json',
    '!./locales/*/accessLog.json',
    '!./locales/*/signInPolicy.json',
    '!./locales/*/accessControl.json',
    '!./locales/*/globalSearch.json',
    '!./locales/*/feedback.json',
    '!./locales/*/feedbackAdmin.json',
    '!./locales/*/searchTelemetry.json',
  ],
  { eager: true, import: 'default' },
);
const otherLanguages = import.meta.glob<Messages>(
  [
    './locales/*/*.json',
    '!./locales/en/*.json',
    '!./locales/*/walls.json',
    '!./locales/*/wallEditor.json',
    '!./locales/*/dewarp.json',
    '!./locales/*/eventSearch.json',
    '!./locales/*/signin.json',
    '!./locales/*/motionSearch.json',
    '!./locales/*/timePicker.json',
    '!./locales/*/exports.json',
    '!./locales/*/bookmarks.json',
    '!./locales/*/similaritySearch.json',
    '!./locales/*/twoFactor.json',
    '!./locales/*/password.json',
    '!./locales/*/captcha.json',
    '!./locales/*/users.json',
    '!./locales/*/accessLog.json',
    '!./locales/*/signInPolicy.json',
    '!./locales/*/accessControl.json',
    '!./locales/*/globalSearch.json',
    '!./locales/*/feedback.json',
    '!./locales/*/feedbackAdmin.json',
    '!./locales/*/searchTelemetry.json',
  ],
  { import: 'default' },
);

function localeOf(path: string): { language: string; namespace: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { language: match[1], namespace: match[2] } : null;
}

const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(files)) {
  const locale = localeOf(path);
  if (!locale) continue;
  resources[locale.language] = { ...resources[locale.language], [locale.namespace]: messages };
}

export const namespaces = [
  ...new Set([...Object.values(resources).flatMap((byNs) => Object.keys(byNs)), ...LAZY_NAMESPACES]),
];

const loadedLanguages = new Set<string>(Object.keys(resources));

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

/** Adds the texts of `locales/<lng>/<namespace>.json` files a page chunk imported (an eager `import.meta.glob`). */
export function addLocaleFiles(localeFiles: Record<string, Messages>): void {
  for (const [path, messages] of Object.entries(localeFiles)) {
    const locale = localeOf(path);
    if (locale) i18n.addResourceBundle(locale.language, locale.namespace, messages, true, true);
  }
}

/** Switches the portal's language, first loading its texts when they are not in yet (the entry has English only). */
export async function changeLocale(language: string): Promise<void> {
  if (!loadedLanguages.has(language)) {
    const loads = Object.entries(otherLanguages)
      .filter(([path]) => localeOf(path)?.language === language)
      .map(async ([path, load]) => [path, await load()] as const);
    addLocaleFiles(Object.fromEntries(await Promise.all(loads)));
    loadedLanguages.add(language);
  }
  await i18n.changeLanguage(language);
}
