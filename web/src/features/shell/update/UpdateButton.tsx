import { Button, Indicator } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { shellActions } from '../shellSlice';

/** The header's 'Update' button with its dot badge: shown only while a new version waits (app.updateAvailable). */
export function UpdateButton() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const updateAvailable = useAppSelector((state) => state.app.updateAvailable);
  if (!updateAvailable) return null;
  return (
    <Indicator inline size={9} offset={3} color="red" attributes={{ indicator: { 'data-testid': 'update-badge' } }}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} aria-hidden />}
        title={t('update-title')}
        onClick={() => dispatch(shellActions.dialogOpened('update'))}
      >
        {t('update')}
      </Button>
    </Indicator>
  );
}
