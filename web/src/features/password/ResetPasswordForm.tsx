import './passwordTexts';
import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../../api/apiError';
import { FailureAlert } from './FailureAlert';
import { NewPasswordFields } from './NewPasswordFields';
import { LINK_USED_TEXT, passwordApi } from './passwordApi';
import { usePasswordForm } from './usePasswordForm';

export interface ResetPasswordFormProps {
  /** The token of the e-mailed link. */
  token: string;
  onDone: () => void;
  /** The link expired or was used (the server's message): the user needs a new one. */
  onLinkUsed: (message: string) => void;
}

/**
 * The new password for an e-mailed link: `POST /login/reset_password {token, new_password}`. A rule the server
 * refuses shows at the new password (the link still works for a better choice).
 */
export function ResetPasswordForm({ token, onDone, onLinkUsed }: ResetPasswordFormProps) {
  const { t } = useTranslation('password');
  const [resetPassword, result] = passwordApi.useResetPasswordMutation();
  const { form, take, showServerProblem } = usePasswordForm(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (result.isLoading) return;
    setFailure(null);
    const values = take();
    if (!values) return;
    try {
      await resetPassword({ token, new_password: values.password }).unwrap();
      onDone();
    } catch (error) {
      const message = serverMessage(error);
      if (message === LINK_USED_TEXT) onLinkUsed(message);
      else if (message && isApiError(error) && error.status === 400) showServerProblem('password', message);
      else setFailure(message ?? t('unexpected-error'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('reset-form')}>
      <Stack gap="md">
        {failure !== null && <FailureAlert message={failure} />}
        <NewPasswordFields form={form} autoFocus />
        <Button type="submit" loading={result.isLoading} fullWidth>
          {t('set-password')}
        </Button>
      </Stack>
    </form>
  );
}
