import './signInPolicyTexts';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/apiError';
import { useCurrentUser } from '../../auth/hooks';
import { NoUserAccess } from '../users/NoUserAccess';
import { useGetSignInPolicyQuery } from './signInPolicyApi';
import { SignInPolicyForm } from './SignInPolicyForm';
import { AdminPage } from '../AdminPage';

function PolicySkeleton() {
  const { t } = useTranslation('signInPolicy');
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={120} radius="md" />
      <Skeleton height={90} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

function SignInPolicyBody({ orgId }: { orgId: number }) {
  const { t } = useTranslation('signInPolicy');
  const { data, isError, isFetching, error, refetch } = useGetSignInPolicyQuery({ orgId });
  if (isError && !isFetching) {
    if (isApiError(error) && error.status === 403) return <NoUserAccess />;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('load-error')} role="alert">
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (!data) return <PolicySkeleton />;
  return <SignInPolicyForm orgId={orgId} policy={data} />;
}

/**
 * `/n/:networkId/admin/sign-in-policy`: how the organization's members sign in — password expiry, required two-factor
 * authentication, single sign-on (SAML) — for org-write administrators (gated by `RequireUserAdmin`).
 */
export function SignInPolicyPage() {
  const { t } = useTranslation('signInPolicy');
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <AdminPage title={t('title')} description={t('description')} maw={900}>
      <SignInPolicyBody orgId={user.org_id} />
    </AdminPage>
  );
}
