// The texts of namespace `captcha` arrive with the sign-in page's chunk (the widget imports this module), not with
// the entry (i18n/index.ts LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/captcha.json', { eager: true, import: 'default' }),
);
