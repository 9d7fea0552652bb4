// The texts of namespace `timePicker` arrive with the chunk that shows a picker, not with the entry (i18n/index.ts
// LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/timePicker.json', { eager: true, import: 'default' }),
);
