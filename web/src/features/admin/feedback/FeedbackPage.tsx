import './feedbackAdminTexts';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/apiError';
import { useCurrentUser } from '../../auth/hooks';
import { NoUserAccess } from '../users/NoUserAccess';
import { useGetFeedbackInfiniteQuery } from './feedbackAdminApi';
import { FeedbackTable, FeedbackTableSkeleton } from './FeedbackTable';
import { AdminPage } from '../AdminPage';

function FeedbackBody({ orgId }: { orgId: number }) {
  const { t } = useTranslation('feedbackAdmin');
  const query = useGetFeedbackInfiniteQuery({ orgId });
  const { data, error, isError, isFetching, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);

  if (!data) {
    if (isError && !isFetching) {
      if (isApiError(error) && error.status === 403) return <NoUserAccess />;
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('load-error')} role="alert">
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      );
    }
    return <FeedbackTableSkeleton />;
  }
  if (items.length === 0) {
    return (
      <Center mih={160}>
        <Text c="dimmed">{t('empty')}</Text>
      </Center>
    );
  }
  return (
    <Stack gap="sm" aria-busy={isFetching}>
      <FeedbackTable items={items} />
      {isFetchNextPageError && !isFetchingNextPage && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('more-error')} role="alert" />
      )}
      <Group justify="center">
        {hasNextPage ? (
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('load-more')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('all-loaded')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/**
 * `/n/:networkId/admin/feedback`: the feedback the organization's members sent ('Send feedback' in the user menu),
 * newest first, 50 at a time with 'Load more', for org-write administrators (gated by `RequireUserAdmin`).
 */
export function FeedbackPage() {
  const { t } = useTranslation('feedbackAdmin');
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <AdminPage title={t('title')} description={t('description')} maw={1400}>
      <FeedbackBody orgId={user.org_id} />
    </AdminPage>
  );
}
