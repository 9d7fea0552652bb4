import { Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';
import { SecondFactorCodeField } from './SecondFactorCodeField';
import { twoFactorApi } from './twoFactorApi';
import { useSecondFactorCode } from './useSecondFactorCode';

export interface DisablePanelProps {
  onDisabled: () => void;
  onCancel: () => void;
}

/** Turning two-factor off: a current authenticator code or a recovery code proves the user still holds it. */
export function DisablePanel({ onDisabled, onCancel }: DisablePanelProps) {
  const { t } = useTranslation('twoFactor');
  const [disable, result] = twoFactorApi.useDisableTwoFactorMutation();
  const code = useSecondFactorCode();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = code.take();
    if (checked === null) return;
    const answer = await disable(checked)
      .unwrap()
      .catch(() => null);
    if (answer) onDisabled();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('disable-form')}>
      <Stack gap="md">
        <Text size="sm">{t('disable-intro')}</Text>
        {result.isError && <ErrorAlert error={result.error} />}
        <SecondFactorCodeField {...code.field} allowRecovery />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={result.isLoading}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={result.isLoading}>
            {t('turn-off')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
