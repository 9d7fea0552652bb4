// The motion search texts (namespace `motionSearch`) arrive with the drawer's and the event search page's chunks, not
// with the entry (i18n/index.ts LAZY_NAMESPACES; the camera page's button has its own `motionSearchButton`); importing
// this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/motionSearch.json', { eager: true, import: 'default' }),
);
