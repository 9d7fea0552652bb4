import './signinTexts';
import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Logo } from '../../components/Logo';
import type { LoginLocationState } from '../auth/RequireAuth';
import { useCurrentUser } from '../auth/hooks';
import { LoginForm } from './LoginForm';
import { TwoFactorForm } from './TwoFactorForm';
import { type SignInValues, useSignIn } from './useSignIn';

const DEFAULT_RETURN_PATH = '/n';

/**
 * `/login`: LOGIN mode, then TWO_FACTOR for a user with an authenticator; afterwards back to the page the user came
 * from, or /n.
 */
export function SignInPage() {
  const { t } = useTranslation('signin');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const passwordExpired = useAppSelector((state) => state.auth.passwordExpired);
  const returnTo = (location.state as LoginLocationState | null)?.from ?? DEFAULT_RETURN_PATH;
  const signIn = useSignIn(returnTo);
  const [comingSoon, setComingSoon] = useState(false);

  // While a sign-in is finishing the start-up flow sets the user; the navigation below happens when it is done.
  if (user && !signIn.submitting) return <Navigate to={returnTo} replace />;

  const submit = async (values: SignInValues) => {
    if (await signIn.submit(values)) navigate(returnTo, { replace: true });
  };
  const verify = async (code: string) => {
    if (await signIn.verify(code)) navigate(returnTo, { replace: true });
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <Logo size="lg" />
          </Center>
          <div>
            <Title order={1} fz="h3" ta="center">
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('subtitle')}
            </Text>
          </div>
          {searchParams.get('sessionTimeout') === 'true' && (
            <Alert color="blue" icon={<IconClockHour4 size={18} aria-hidden />}>
              {t('session-timeout')}
            </Alert>
          )}
          {passwordExpired && (
            <Alert color="yellow" icon={<IconKey size={18} aria-hidden />}>
              {t('password-expired')}
            </Alert>
          )}
          {signIn.pendingMode && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('verification-coming-soon')}
            </Alert>
          )}
          {comingSoon && signIn.step === 'login' && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
              {t('coming-soon')}
            </Alert>
          )}
          {signIn.step === 'two-factor' ? (
            <TwoFactorForm
              submitting={signIn.submitting}
              error={signIn.error}
              captcha={signIn.captcha}
              onSubmit={(code) => void verify(code)}
              onBack={signIn.backToSignIn}
            />
          ) : (
            <LoginForm
              submitting={signIn.submitting}
              error={signIn.error}
              captcha={signIn.captcha}
              initialValues={signIn.lastValues}
              onSubmit={(values) => void submit(values)}
              onForgotPassword={() => setComingSoon(true)}
              onSso={() => setComingSoon(true)}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
