// The texts of namespace `similaritySearch` arrive with this page's chunk, not with the entry (i18n/index.ts
// LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';
// The page shows motion-search parts (the clip player, previous/next, thumbnails' failure text), with their texts.
import '../motion-search/motionSearchTexts';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/similaritySearch.json', { eager: true, import: 'default' }),
);
