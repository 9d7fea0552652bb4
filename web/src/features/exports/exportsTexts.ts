// The texts of namespace `exports` arrive with the exports page's chunk, not with the entry (i18n/index.ts
// LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/exports.json', { eager: true, import: 'default' }),
);
