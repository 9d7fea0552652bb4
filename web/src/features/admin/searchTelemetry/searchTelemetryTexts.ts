// The texts of namespace `searchTelemetry` arrive with the search telemetry page's chunk, not with the entry
// (i18n/index.ts LAZY_NAMESPACES): the camera page's JavaScript budget has no room for them. Importing this module adds
// them.
import { addLocaleFiles } from '../../../i18n';

addLocaleFiles(
  import.meta.glob<Record<string, unknown>>('../../../i18n/locales/*/searchTelemetry.json', {
    eager: true,
    import: 'default',
  }),
);
