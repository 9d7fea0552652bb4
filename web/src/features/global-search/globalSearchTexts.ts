// The texts of namespace `globalSearch` arrive with the search dialog's chunk, not with the entry (i18n/index.ts
// LAZY_NAMESPACES): the header is on every page's JavaScript budget. Importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/globalSearch.json', {
    eager: true,
    import: 'default',
  }),
);
