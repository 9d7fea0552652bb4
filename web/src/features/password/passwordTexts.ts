// The texts of namespace `password` arrive with the reset page's chunk and with the sign-in page (its forgot-password
// and expired-password forms), not with the entry (i18n/index.ts LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/password.json', { eager: true, import: 'default' }),
);
