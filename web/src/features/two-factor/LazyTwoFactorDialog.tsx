import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorDialogProps } from './TwoFactorDialog';

// The dialog, its calls and its texts (namespace `twoFactor`) are a chunk of their own: the shell is in every page's
// JavaScript, the camera page's budget included, and most sessions never open this dialog.
const TwoFactorDialog = lazy(() => import('./TwoFactorDialog').then((module) => ({ default: module.TwoFactorDialog })));

/**
 * The two-factor dialog as the shell mounts it: rendered only while open (each opening starts from the state, and the
 * recovery codes are gone once closed); a modal with a loader stands in while its chunk arrives.
 */
export function LazyTwoFactorDialog({ opened, onClose }: TwoFactorDialogProps) {
  const { t } = useTranslation('shell');
  if (!opened) return null;
  const loading = (
    <Modal opened onClose={onClose} title={t('two-factor-authentication')}>
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading-page')} />
      </Center>
    </Modal>
  );
  return (
    <Suspense fallback={loading}>
      <TwoFactorDialog opened onClose={onClose} />
    </Suspense>
  );
}
