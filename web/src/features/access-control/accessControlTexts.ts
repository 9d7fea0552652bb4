// The access-control texts (namespace `accessControl`) arrive with the drawer's and the timeline marks' chunks, not
// with the entry (i18n/index.ts LAZY_NAMESPACES; the camera page's button has its text in `cameras`); importing this
// module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/accessControl.json', {
    eager: true,
    import: 'default',
  }),
);
