import './accessLogTexts';
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AccessLogPaging } from './useAccessLogPaging';

export interface AccessLogPagerProps {
  paging: AccessLogPaging;
  /** The answer's `next_before_id`: null on the oldest page. */
  nextBeforeId: number | null;
  /** A page is loading: the buttons wait for it. */
  busy: boolean;
  /** 'Newest' on the newest page loads it again. */
  onReload: () => void;
}

/** 'Newest', 'Newer' and 'Older' (the log is newest first, so older pages are to the right). */
export function AccessLogPager({ paging, nextBeforeId, busy, onReload }: AccessLogPagerProps) {
  const { t } = useTranslation('accessLog');
  return (
    <Group component="nav" aria-label={t('pages')} gap="xs" justify="flex-end">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronsLeft size={14} aria-hidden />}
        onClick={paging.depth === 0 ? onReload : paging.newest}
        disabled={busy}
      >
        {t('newest')}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        onClick={paging.newer}
        disabled={busy || paging.depth === 0}
      >
        {t('newer')}
      </Button>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        onClick={() => nextBeforeId !== null && paging.older(nextBeforeId)}
        disabled={busy || nextBeforeId === null}
      >
        {t('older')}
      </Button>
    </Group>
  );
}
