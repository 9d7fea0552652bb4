import { useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportChecksContext } from './exportChecks';

const noChecks = () => () => undefined;

const BOX_STYLE = {
  position: 'absolute',
  bottom: 6,
  right: 6,
  zIndex: 2,
  display: 'flex',
  padding: 4,
  borderRadius: 4,
  background: 'rgba(0,0,0,0.6)',
} as const;

/**
 * A tile's checkbox while the wall's export drawer is open (bottom right of the tile): it mirrors the tile's entry in
 * the drawer, and a click selects or deselects it there (or adds back a removed one). Disabled, with 'Insufficient
 * permissions', for a camera without the export right. Renders nothing otherwise. A plain input rather than Mantine's
 * Checkbox: the camera page's imager wall shares this tile code, and its page budget has no room for another chunk.
 */
export function TileExportCheckbox({ tileKey, name }: { tileKey: string; name: string }) {
  const { t } = useTranslation('walls');
  const checks = useContext(ExportChecksContext);
  const check = useSyncExternalStore(checks?.subscribe ?? noChecks, () => checks?.get(tileKey));
  if (!checks || check === undefined) return null;
  const blocked = check === 'blocked';
  return (
    <span style={BOX_STYLE}>
      <input
        type="checkbox"
        aria-label={t('select-for-export', { name })}
        title={blocked ? t('export-insufficient-permissions') : undefined}
        checked={check === 'checked'}
        disabled={blocked}
        onChange={() => checks.toggle(tileKey)}
        data-testid="wall-tile-export-check"
        style={{ width: 18, height: 18, margin: 0, accentColor: 'var(--mantine-color-blue-filled)', cursor: 'pointer' }}
      />
    </span>
  );
}
