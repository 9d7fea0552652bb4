import './passwordTexts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../../api/apiError';
import { useAppDispatch } from '../../app/hooks';
import { initializeApp } from '../auth/startup';
import { FailureAlert } from './FailureAlert';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordField } from './PasswordField';
import { passwordApi, WRONG_CURRENT_PASSWORD_TEXT } from './passwordApi';
import { usePasswordForm } from './usePasswordForm';

const DEFAULT_RETURN_PATH = '/n';

export interface ExpiredPasswordFormProps {
  /** The page the user was going to (its path decides the shard lookup of administrators); default /n. */
  returnTo?: string;
  /** The password was changed and the start-up flow has run for the session: the user may go to `returnTo`. */
  onChanged: () => void;
  /** The session ended meanwhile (401): the user signs in again (the store's `passwordExpired` is already false). */
  onSessionGone: () => void;
}

/**
 * The way out of an expired password, in the session the sign-in made: current password, new password and its
 * confirmation, `POST /vision/user/password`. On success the start-up flow runs again for that session (as after a
 * sign-in, `initializeApp` with `afterSignIn`), then `onChanged`.
 */
export function ExpiredPasswordForm({ returnTo = DEFAULT_RETURN_PATH, onChanged, onSessionGone }: ExpiredPasswordFormProps) {
  const { t } = useTranslation('password');
  const dispatch = useAppDispatch();
  const [changePassword, result] = passwordApi.useChangePasswordMutation();
  const { form, take, showServerProblem } = usePasswordForm(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const busy = result.isLoading || finishing;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const values = take();
    if (!values) return;
    try {
      await changePassword({ current_password: values.current, new_password: values.password }).unwrap();
    } catch (error) {
      if (isApiError(error) && (error.loginRequired || error.status === 401)) {
        onSessionGone();
        return;
      }
      const message = serverMessage(error);
      if (message && isApiError(error) && error.status === 400) {
        showServerProblem(message === WRONG_CURRENT_PASSWORD_TEXT ? 'current' : 'password', message);
      } else {
        setFailure(message ?? t('unexpected-error'));
      }
      return;
    }
    setFinishing(true);
    const url = new URL(returnTo, window.location.origin);
    await dispatch(initializeApp({ pathname: url.pathname, search: url.search }, { afterSignIn: true }));
    onChanged();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('expired-form')}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {t('expired-title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('expired-intro')}
          </Text>
        </div>
        {failure !== null && <FailureAlert message={failure} />}
        <PasswordField
          label={t('current-password')}
          autoComplete="current-password"
          value={form.values.current}
          error={form.errors.current}
          inputRef={form.refs.current}
          autoFocus
          onChange={(value) => form.onChange('current', value)}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" loading={busy} fullWidth>
          {t('change-password')}
        </Button>
      </Stack>
    </form>
  );
}
