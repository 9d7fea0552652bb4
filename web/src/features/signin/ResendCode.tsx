import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsPhone } from './useSignIn';

export interface ResendCodeProps {
  /** SMS with a secondary phone: the new code can go to either phone (the first code went to the primary one). */
  choosePhone: boolean;
  resending: boolean;
  disabled: boolean;
  onResend: (phone: SmsPhone) => void;
}

/** 'Send a new code' under the code step; a choice of phone when the account has a secondary one (spec 01 §2). */
export function ResendCode({ choosePhone, resending, disabled, onResend }: ResendCodeProps) {
  const { t } = useTranslation('signin');
  const [phone, setPhone] = useState<SmsPhone>('primary');
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('code-not-received')}
      </Text>
      {choosePhone && (
        <Radio.Group label={t('send-new-code-to')} value={phone} onChange={setPhone} size="sm">
          <Group gap="lg" mt={6}>
            <Radio value="primary" label={t('primary-phone')} disabled={disabled || resending} />
            <Radio value="secondary" label={t('secondary-phone')} disabled={disabled || resending} />
          </Group>
        </Radio.Group>
      )}
      <Button
        type="button"
        variant="light"
        leftSection={<IconSend size={16} aria-hidden />}
        loading={resending}
        disabled={disabled}
        fullWidth
        onClick={() => onResend(choosePhone ? phone : 'primary')}
      >
        {t('send-new-code')}
      </Button>
    </Stack>
  );
}
