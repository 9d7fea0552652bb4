import './passwordTexts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FailureAlert } from './FailureAlert';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { PasswordPageFrame } from './PasswordPageFrame';
import { ResetPasswordForm } from './ResetPasswordForm';

type ResetView = { kind: 'form' } | { kind: 'done' } | { kind: 'link-problem'; message: string };

/**
 * `/login/reset-password?token=...`, the page of the e-mailed link (outside the signed-in shell): a new password, then
 * 'Sign in'. A link that expired, was used, or lost its token offers the forgot-password form for a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('password');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [view, setView] = useState<ResetView>(() =>
    token ? { kind: 'form' } : { kind: 'link-problem', message: t('link-incomplete') },
  );

  if (view.kind === 'done') {
    return (
      <PasswordPageFrame title={t('reset-done-title')}>
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
            {t('reset-done')}
          </Alert>
          <Button component={Link} to="/login" replace fullWidth autoFocus>
            {t('sign-in')}
          </Button>
        </Stack>
      </PasswordPageFrame>
    );
  }
  if (view.kind === 'link-problem') {
    return (
      <PasswordPageFrame title={t('new-link-title')}>
        <FailureAlert message={view.message} />
        <ForgotPasswordForm onBack={() => navigate('/login', { replace: true })} />
      </PasswordPageFrame>
    );
  }
  return (
    <PasswordPageFrame title={t('reset-title')}>
      <ResetPasswordForm
        token={token}
        onDone={() => setView({ kind: 'done' })}
        onLinkUsed={(message) => setView({ kind: 'link-problem', message })}
      />
    </PasswordPageFrame>
  );
}
