// The texts of namespace `feedback` arrive with the feedback dialog's chunk, not with the entry (i18n/index.ts
// LAZY_NAMESPACES): the shell is on every page's JavaScript budget. Importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/feedback.json', { eager: true, import: 'default' }),
);
