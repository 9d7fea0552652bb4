import { ActionIcon, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';
import { SecondFactorCodeField } from './SecondFactorCodeField';
import { groupSecret, svgImageUrl } from './secondFactorCode';
import { twoFactorApi } from './twoFactorApi';
import type { TwoFactorEnrolment } from './types';
import { useSecondFactorCode } from './useSecondFactorCode';

const QR_SIZE_PX = 200;

export interface EnrolPanelProps {
  enrolment: TwoFactorEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/**
 * Adding an authenticator: the QR code (the server's SVG as an image, never as markup), the setup key in blocks of 4
 * with a copy button, and the app's first 6-digit code to confirm; the server's refusal is shown as given.
 */
export function EnrolPanel({ enrolment, onConfirmed, onCancel }: EnrolPanelProps) {
  const { t } = useTranslation('twoFactor');
  const [confirm, confirmation] = twoFactorApi.useConfirmTwoFactorMutation();
  const code = useSecondFactorCode();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = code.take();
    if (checked === null) return;
    const answer = await confirm(checked)
      .unwrap()
      .catch(() => null);
    if (answer) onConfirmed(answer.recovery_codes);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('enrol-form')}>
      <Stack gap="md">
        <Text size="sm">{t('scan-step')}</Text>
        <img
          src={svgImageUrl(enrolment.qr_svg)}
          alt={t('qr-alt')}
          width={QR_SIZE_PX}
          height={QR_SIZE_PX}
          style={{ alignSelf: 'center', background: 'white', padding: 8, borderRadius: 8 }}
        />
        <Text size="sm">{t('manual-step')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="md" aria-label={t('setup-key')} data-testid="setup-key">
            {groupSecret(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Tooltip label={t(copied ? 'copied' : 'copy-key')} withArrow>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={t('copy-key')} onClick={copy}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('confirm-step')}</Text>
        {confirmation.isError && <ErrorAlert error={confirmation.error} />}
        <SecondFactorCodeField {...code.field} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={confirmation.isLoading}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={confirmation.isLoading}>
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
