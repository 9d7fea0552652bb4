import { Button, Loader, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../api/types';

export interface OrgChooserListProps {
  orgs: Organization[];
  /** The eid being signed in to (its button shows the loader, the others are disabled); null when none. */
  choosing: string | null;
  onChoose: (eid: string) => void;
  /** Set to the first button (the chooser focuses it when the step appears). */
  firstRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The organizations as a list of buttons named by the organization (the eid is not shown). The chosen one keeps the
 * focus while its call runs (aria-disabled and aria-busy, not disabled); the others are disabled.
 */
export function OrgChooserList({ orgs, choosing, onChoose, firstRef }: OrgChooserListProps) {
  const { t } = useTranslation('signin');
  return (
    <Stack
      component="ul"
      role="list"
      aria-label={t('org-choice-list')}
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {orgs.map((org, index) => {
        const chosen = org.eid === choosing;
        return (
          <li key={org.eid}>
            <Button
              ref={index === 0 ? firstRef : undefined}
              variant="default"
              fullWidth
              justify="space-between"
              h="auto"
              py="xs"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              rightSection={chosen ? <Loader size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
              disabled={choosing !== null && !chosen}
              aria-disabled={chosen || undefined}
              aria-busy={chosen || undefined}
              onClick={() => {
                if (choosing === null) onChoose(org.eid);
              }}
            >
              {org.name}
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
