// The texts of namespace `eventSearch` arrive with this page's chunk, not with the entry (i18n/index.ts LAZY_NAMESPACES);
// importing this module adds them.
import { addLocaleFiles } from '../../i18n';
// The page shows motion-search parts (event images, the clip player), with their texts.
import '../motion-search/motionSearchTexts';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/eventSearch.json', { eager: true, import: 'default' }),
);
