import type { DrawerProps } from '@mantine/core';
import { WALL_EXPORTS_DRAWER_WIDTH_PX } from '../../walls/tile/exportChecks';

/**
 * The wall exports drawer, and its loading stand-in: on the right, without overlay, focus trap or scroll lock, so the
 * tiles' checkboxes on the wall beside it stay clickable while it is open; the wall view leaves room for its width.
 */
export const WALL_EXPORTS_DRAWER_LAYOUT = {
  position: 'right',
  size: WALL_EXPORTS_DRAWER_WIDTH_PX,
  withOverlay: false,
  trapFocus: false,
  lockScroll: false,
  closeOnClickOutside: false,
} satisfies Partial<DrawerProps>;
