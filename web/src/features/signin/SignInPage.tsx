import './signinTexts';
import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconKey } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Logo } from '../../components/Logo';
import type { LoginLocationState } from '../auth/RequireAuth';
import { useCurrentUser } from '../auth/hooks';
import { ExpiredPasswordForm, ForgotPasswordForm } from '../password';
import { CodeStepForm } from './CodeStepForm';
import { LoginForm } from './LoginForm';
import { OrgChooser } from './OrgChooser';
import { SsoForm } from './SsoForm';
import { readSsoQuery, withoutSsoParams } from './ssoQuery';
import { TwoFactorForm } from './TwoFactorForm';
import { type SignInValues, useSignIn } from './useSignIn';
import { readSsoIdentifier, useSsoSignIn } from './useSsoSignIn';

const DEFAULT_RETURN_PATH = '/n';

/**
 * `/login`: LOGIN mode, then TWO_FACTOR for a user with an authenticator, or ONE_TIME_PASSWORD / SMS for a user who
 * gets a code by e-mail or text message, then ORG_CHOOSE for a user of several organizations; afterwards back to the
 * page the user came from, or /n. SSO instead leaves for the organization's identity provider; `?sso_error=` (back from
 * it) opens the SSO form with the problem, `?sso=true&ssoid=…` starts it at once.
 */
export function SignInPage() {
  const { t } = useTranslation('signin');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const passwordExpired = useAppSelector((state) => state.auth.passwordExpired);
  const locationState = location.state as LoginLocationState | null;
  const returnTo = withoutSsoParams(locationState?.from ?? DEFAULT_RETURN_PATH);
  const [ssoQuery] = useState(() => readSsoQuery(location.search, locationState?.from ?? ''));
  const signIn = useSignIn(returnTo, ssoQuery.open ? 'sso' : 'login');
  const ssoReturnTo = returnTo === DEFAULT_RETURN_PATH ? null : returnTo;
  const sso = useSsoSignIn(ssoReturnTo, ssoQuery.problem, ssoQuery.identifier !== null && !user);
  const ssoQueryHandled = useRef(false);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // The expired-password form stays until it calls back: the start-up flow it re-runs sets the user before the
  // networks, and leaving at that moment would land on /n instead of the page the user came from.
  const [changingExpiredPassword, setChangingExpiredPassword] = useState(passwordExpired);
  if (passwordExpired && !changingExpiredPassword) setChangingExpiredPassword(true);

  // Once, on arrival: the SSO parameters leave the address (so that a reload does not repeat them), and
  // `sso=true&ssoid=…` starts single sign-on without a click.
  useEffect(() => {
    if (ssoQueryHandled.current || user) return;
    ssoQueryHandled.current = true;
    if (ssoQuery.found) {
      const state = locationState?.from ? { ...locationState, from: returnTo } : locationState;
      navigate({ pathname: location.pathname, search: ssoQuery.search }, { replace: true, state });
    }
    if (ssoQuery.identifier) void sso.start(ssoQuery.identifier);
  });

  // While a sign-in is finishing the start-up flow sets the user; the navigation below happens when it is done.
  if (user && !signIn.submitting && !changingExpiredPassword) return <Navigate to={returnTo} replace />;

  const submit = async (values: SignInValues) => {
    if (await signIn.submit(values)) navigate(returnTo, { replace: true });
  };
  const verify = async (code: string) => {
    if (await signIn.verify(code)) navigate(returnTo, { replace: true });
  };
  const chooseOrganization = async (eid: string) => {
    if (await signIn.chooseOrganization(eid)) navigate(returnTo, { replace: true });
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
          {changingExpiredPassword && (
            <ExpiredPasswordForm
              returnTo={returnTo}
              onChanged={() => navigate(returnTo, { replace: true })}
              onSessionGone={() => setChangingExpiredPassword(false)}
            />
          )}
          {!changingExpiredPassword && forgotEmail !== null && signIn.step === 'login' && (
            <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
          )}
          {!changingExpiredPassword && signIn.step === 'two-factor' && (
            <TwoFactorForm
              submitting={signIn.submitting}
              error={signIn.error}
              captcha={signIn.captcha}
              onSubmit={(code) => void verify(code)}
              onBack={signIn.backToSignIn}
            />
          )}
          {!changingExpiredPassword && signIn.step === 'code' && signIn.challenge && (
            <CodeStepForm
              challenge={signIn.challenge}
              submitting={signIn.submitting}
              resending={signIn.resending}
              error={signIn.error}
              captcha={signIn.captcha}
              resent={signIn.resent}
              onSubmit={(code) => void verify(code)}
              onResend={signIn.resend}
              onBack={signIn.backToSignIn}
            />
          )}
          {!changingExpiredPassword && signIn.step === 'org-choice' && (
            <OrgChooser
              orgs={signIn.orgs}
              choosing={signIn.choosing}
              error={signIn.error}
              onChoose={(eid) => void chooseOrganization(eid)}
              onBack={signIn.backToSignIn}
            />
          )}
          {!changingExpiredPassword && signIn.step === 'sso' && (
            <SsoForm
              starting={sso.starting}
              problem={sso.problem}
              initialIdentifier={ssoQuery.identifier ?? readSsoIdentifier()}
              onSubmit={(identifier) => void sso.start(identifier)}
              onBack={() => {
                sso.reset();
                signIn.backToSignIn();
              }}
            />
          )}
          {!changingExpiredPassword && forgotEmail === null && signIn.step === 'login' && (
            <LoginForm
              submitting={signIn.submitting}
              error={signIn.error}
              captcha={signIn.captcha}
              initialValues={signIn.lastValues}
              onSubmit={(values) => void submit(values)}
              onForgotPassword={setForgotEmail}
              onSso={signIn.openSso}
              captchaWidgetKey={signIn.captchaWidgetKey}
              captchaWidget={signIn.captchaWidget}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
