import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 'Back to sign-in' at the foot of every step after the password form (two-factor, codes, organization, SSO). */
export function BackToSignInButton({ disabled, onBack }: { disabled: boolean; onBack: () => void }) {
  const { t } = useTranslation('signin');
  return (
    <Button
      type="button"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      disabled={disabled}
      fullWidth
      onClick={onBack}
    >
      {t('back-to-sign-in')}
    </Button>
  );
}
