import { ActionIcon, Button, Divider, Popover, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../../app/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { WHATS_NEW } from '../../../app/whatsNew';
import { shellActions } from '../shellSlice';
import { WhatsNewList } from './WhatsNewList';

/**
 * The header's what's-new popover: the running version's notes (app/whatsNew.ts, part of this build) and, while a new
 * version waits, a way to the update dialog.
 */
export function WhatsNewPopover() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const updateAvailable = useAppSelector((state) => state.app.updateAvailable);
  const [opened, setOpened] = useState(false);

  const openUpdateDialog = () => {
    setOpened(false);
    dispatch(shellActions.dialogOpened('update'));
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('whats-new')}
          onClick={() => setOpened((open) => !open)}
        >
          <IconSparkles size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('whats-new-in-version', { version: APP_VERSION })}
          </Text>
          <WhatsNewList notes={WHATS_NEW} label={t('whats-new-current-notes')} />
          {updateAvailable && (
            <>
              <Divider />
              <Text size="sm">{t('update-title')}</Text>
              <Button size="xs" onClick={openUpdateDialog}>
                {t('whats-new-get-update')}
              </Button>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
