import { Center, Loader, Modal } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * A dialog of the shell as a chunk of its own: the shell is in every page's JavaScript (the camera page's budget
 * included) and most sessions never open it. It is rendered only while open (each opening starts from the state),
 * with a modal and a loader standing in while its chunk arrives. titleKey: the dialog's title in the `shell` namespace.
 */
export function lazyDialog(
  load: () => Promise<ComponentType<DialogProps>>,
  titleKey: string,
): ComponentType<DialogProps> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog({ opened, onClose }: DialogProps) {
    const { t } = useTranslation('shell');
    if (!opened) return null;
    const loading = (
      <Modal opened onClose={onClose} title={t(titleKey)}>
        <Center py="lg">
          <Loader size="sm" aria-label={t('loading-page')} />
        </Center>
      </Modal>
    );
    return (
      <Suspense fallback={loading}>
        <Dialog opened onClose={onClose} />
      </Suspense>
    );
  };
}
