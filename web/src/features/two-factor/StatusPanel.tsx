import { Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';
import { twoFactorApi } from './twoFactorApi';
import type { TwoFactorEnrolment } from './types';

export interface StatusPanelProps {
  /** What just changed, said once above the state: 'turned-on' after Done, 'turned-off' after turning off. */
  notice: 'turned-on' | 'turned-off' | null;
  onEnrolled: (enrolment: TwoFactorEnrolment) => void;
  onTurnOff: () => void;
}

/** The dialog's first view: on or off, the recovery codes left, and 'Turn on' (starts adding one) or 'Turn off'. */
export function StatusPanel({ notice, onEnrolled, onTurnOff }: StatusPanelProps) {
  const { t } = useTranslation('twoFactor');
  const state = twoFactorApi.useGetTwoFactorStateQuery();
  const [enrol, enrolment] = twoFactorApi.useEnrolTwoFactorMutation();

  if (state.isLoading) {
    return (
      <Center py="lg">
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (!state.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" w="100%">
          {t('load-failed')}
        </Alert>
        <Button variant="default" loading={state.isFetching} onClick={() => void state.refetch()}>
          {t('try-again')}
        </Button>
      </Stack>
    );
  }

  const { enabled, recovery_codes_left: codesLeft } = state.data;
  const turnOn = async () => {
    const answer = await enrol().unwrap().catch(() => null);
    if (answer) onEnrolled(answer);
  };

  return (
    <Stack gap="md">
      {notice && (
        <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {t(notice)}
        </Alert>
      )}
      <Group gap="xs">
        <Text fw={500}>{t('status')}</Text>
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {t(enabled ? 'state-on' : 'state-off')}
        </Badge>
      </Group>
      <Text size="sm">{t(enabled ? 'intro-on' : 'intro-off')}</Text>
      {enabled && <Text size="sm">{t('recovery-codes-left', { count: codesLeft })}</Text>}
      {enabled && codesLeft === 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('no-recovery-codes-left')}
        </Alert>
      )}
      {enrolment.isError && <ErrorAlert error={enrolment.error} />}
      <Group justify="flex-end">
        {enabled ? (
          <Button color="red" variant="light" onClick={onTurnOff}>
            {t('turn-off')}
          </Button>
        ) : (
          <Button loading={enrolment.isLoading} onClick={() => void turnOn()}>
            {t('turn-on')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
