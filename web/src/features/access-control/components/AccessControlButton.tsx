import { IconDoor } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { LazyDrawerButton } from '../../../components/lazyDrawerButton/LazyDrawerButton';
import { loadAccessControlParts } from '../loadParts';
import { useCameraAccess } from '../useCameraAccess';

/** The drawer, its calls and texts are a chunk of their own: the camera page's budget has no room for them. */
const loadDrawer = () => loadAccessControlParts().then((parts) => parts.loadAccessControlDrawer());
const AccessControlDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.AccessControlDrawer })));

export interface AccessControlButtonProps {
  camera: Camera;
}

/**
 * The camera page's 'Access Control' action (spec 02 §2, §6): only with an enabled partner integration serving the
 * camera's network and a door of it mapped to the camera. Opens the access-control drawer (spec 03 §2), whose code is
 * fetched when the pointer or focus reaches the button, or at the latest on the click (`LazyDrawerButton`). Part of
 * the camera page's own code (its text in `cameras`): keep it small.
 */
export function AccessControlButton({ camera }: AccessControlButtonProps) {
  const { t } = useTranslation('cameras');
  const access = useCameraAccess(camera);
  if (!access) return null;
  return (
    <LazyDrawerButton
      label={t('access-control')}
      icon={<IconDoor size={14} aria-hidden />}
      prefetch={loadDrawer}
      drawerTitle={t('access-control')}
      drawerSize="md"
      renderDrawer={(drawer) => <AccessControlDrawer {...drawer} camera={camera} access={access} />}
    />
  );
}
