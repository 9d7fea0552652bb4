// The texts of namespace `signin` arrive with this page's chunk, not with the entry (i18n/index.ts LAZY_NAMESPACES);
// importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/signin.json', { eager: true, import: 'default' }),
);
