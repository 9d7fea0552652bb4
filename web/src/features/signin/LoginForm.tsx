import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInNotices } from './SignInNotices';
import type { SignInValues } from './useSignIn';
import { CaptchaWidget, type SignInCaptchaWidget } from '../captcha';

export interface LoginFormProps {
  submitting: boolean;
  /** Server message; '' shows the generic unexpected-error text. */
  error: string | null;
  captcha: boolean;
  /** The form's first values: the e-mail and remember-me of an earlier attempt (the password is never kept). */
  initialValues: SignInValues;
  onSubmit: (values: SignInValues) => void;
  /** Opens forgot-password with the e-mail typed so far. */
  onForgotPassword: (email: string) => void;
  onSso: () => void;
  /** The captcha widget (shown after a captcha-mode answer); a new key remounts it with a new challenge. */
  captchaWidgetKey: number;
  captchaWidget: SignInCaptchaWidget;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginForm(props: LoginFormProps) {
  const { submitting, error, captcha, initialValues, onSubmit, onForgotPassword, onSso, captchaWidgetKey, captchaWidget } =
    props;
  const { t } = useTranslation('signin');
  const [values, setValues] = useState<SignInValues>(initialValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {
      email: values.email.trim() ? undefined : t('email-required'),
      password: values.password ? undefined : t('password-required'),
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    onSubmit(values);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('form-label')}>
      <Stack gap="md">
        <SignInNotices error={error} captcha={captcha} />
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="username"
          withAsterisk
          value={values.email}
          error={fieldErrors.email}
          onChange={(event) => {
            const email = event.currentTarget.value;
            setValues((previous) => ({ ...previous, email }));
          }}
          data-autofocus
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t('toggle-password-visibility') }}
          value={values.password}
          error={fieldErrors.password}
          onChange={(event) => {
            const password = event.currentTarget.value;
            setValues((previous) => ({ ...previous, password }));
          }}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('remember-me')}
            checked={values.remember}
            onChange={(event) => {
              const remember = event.currentTarget.checked;
              setValues((previous) => ({ ...previous, remember }));
            }}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(values.email.trim())}>
            {t('forgot-password')}
          </Anchor>
        </Group>
        {captcha && <CaptchaWidget key={captchaWidgetKey} {...captchaWidget} />}
        <Button type="submit" loading={submitting} fullWidth>
          {t('sign-in')}
        </Button>
        <Button type="button" variant="default" fullWidth onClick={onSso}>
          {t('sign-in-with-sso')}
        </Button>
      </Stack>
    </form>
  );
}
