// The texts of namespace `twoFactor` arrive with the two-factor dialog's chunk and with the sign-in page (its code
// field), not with the entry (i18n/index.ts LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/twoFactor.json', { eager: true, import: 'default' }),
);
