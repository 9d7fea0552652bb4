import { Alert, Center, Loader, Modal, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Organization } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { useCurrentUser } from '../auth/hooks';
import { filterOrganizations, switchOrganization } from './orgSwitch';

export interface ChangeOrgDialogProps {
  opened: boolean;
  onClose: () => void;
}

function OrganizationList({ changing, onChoose }: { changing: boolean; onChoose: (org: Organization) => void }) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const { data, isLoading, isError } = authApi.useGetOrganizationsQuery();
  const visible = useMemo(() => filterOrganizations(data ?? {}, search), [data, search]);

  if (isLoading) {
    return (
      <Center py="lg">
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('change-org-loading-orgs')}</Text>
        </Stack>
      </Center>
    );
  }
  if (isError) {
    return (
      <Alert color="red" role="alert">
        {t('change-org-loading-orgs-failed')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <TextInput
        label={t('organizations-search-label')}
        placeholder={t('organizations-search-placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        disabled={changing}
        data-autofocus
      />
      <ScrollArea.Autosize mah={360}>
        {visible.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t('organizations-search-empty')}
          </Text>
        ) : (
          <div role="list" aria-label={t('organizations')}>
            {visible.map((organization) => {
              const current = organization.id === user?.org_id;
              return (
                <div role="listitem" key={organization.id}>
                  <NavLink
                    component="button"
                    label={organization.name}
                    active={current}
                    aria-current={current ? 'true' : undefined}
                    rightSection={current ? <IconCheck size={16} aria-label={t('current-organization')} /> : null}
                    disabled={changing}
                    onClick={() => onChoose(organization)}
                  />
                </div>
              );
            })}
          </div>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Change-organization dialog: locked while the switch runs; the switch ends in a full page load. */
export function ChangeOrgDialog({ opened, onClose }: ChangeOrgDialogProps) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [changing, setChanging] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    if (changing) return;
    setFailed(false);
    onClose();
  };

  const choose = async (organization: Organization) => {
    if (organization.id === user?.org_id) {
      close();
      navigate('/n');
      return;
    }
    setFailed(false);
    setChanging(true);
    const switched = await dispatch(switchOrganization(organization));
    if (!switched) {
      setChanging(false);
      setFailed(true);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('change-organization')}
      withCloseButton={!changing}
      closeOnEscape={!changing}
      closeOnClickOutside={!changing}
    >
      <Stack gap="sm">
        {failed && (
          <Alert color="red" role="alert">
            {t('change-org-switch-error')}
          </Alert>
        )}
        {changing && (
          <Text size="sm" role="status">
            {t('change-org-changing-org')}
          </Text>
        )}
        {opened && <OrganizationList changing={changing} onChoose={(organization) => void choose(organization)} />}
      </Stack>
    </Modal>
  );
}
