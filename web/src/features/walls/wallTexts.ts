// The wall pages' texts (namespaces `walls` and `wallEditor`) arrive with the walls chunk, not with the entry
// (i18n/index.ts LAZY_NAMESPACES); importing this module adds them.
import { addLocaleFiles } from '../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../i18n/locales/*/walls.json', '../../i18n/locales/*/wallEditor.json'], {
    eager: true,
    import: 'default',
  }),
);
