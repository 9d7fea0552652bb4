import { Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../api/types';
import { BackToSignInButton } from './BackToSignInButton';
import { OrgChooserList } from './OrgChooserList';
import { SignInNotices } from './SignInNotices';

/** More organizations than this get a search box. */
export const ORG_SEARCH_FROM = 6;

export interface OrgChooserProps {
  /** The organizations of the `org_choose` answer, sorted by name. */
  orgs: Organization[];
  /** The eid being signed in to while its call runs; null otherwise. */
  choosing: string | null;
  /** Server message; '' shows the generic unexpected-error text. */
  error: string | null;
  onChoose: (eid: string) => void;
  onBack: () => void;
}

/** Case-insensitive substring match on the name (spec 01 §5). */
function matching(orgs: Organization[], search: string): Organization[] {
  const needle = search.trim().toLowerCase();
  return needle ? orgs.filter((org) => org.name.toLowerCase().includes(needle)) : orgs;
}

/**
 * ORG_CHOOSE mode (spec 01 §2): a user of several organizations picks the one to sign in to, from a list of buttons
 * (searchable when long); the first organization is focused when the step appears. 'Back to sign-in' returns to the
 * password form (the server's pending sign-in simply expires).
 */
export function OrgChooser({ orgs, choosing, error, onChoose, onBack }: OrgChooserProps) {
  const { t } = useTranslation('signin');
  const titleId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  const [search, setSearch] = useState('');
  const visible = matching(orgs, search);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <div>
        <Title order={2} fz="h5" id={titleId}>
          {t('org-choice-title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('org-choice-intro')}
        </Text>
      </div>
      <SignInNotices error={error} captcha={false} />
      {orgs.length >= ORG_SEARCH_FROM && (
        <TextInput
          label={t('org-choice-search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {visible.length > 0 ? (
        <OrgChooserList orgs={visible} choosing={choosing} onChoose={onChoose} firstRef={firstRef} />
      ) : (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {t('org-choice-search-empty')}
        </Text>
      )}
      <BackToSignInButton disabled={choosing !== null} onBack={onBack} />
    </Stack>
  );
}
