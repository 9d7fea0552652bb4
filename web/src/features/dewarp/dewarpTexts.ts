// The dewarp texts (namespace `dewarp`) arrive with the dewarp renderer and view selector, not with the entry
// (i18n/index.ts LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/dewarp.json', { eager: true, import: 'default' }),
);
