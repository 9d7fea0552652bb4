import '../usersTexts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { userManagementPath } from '../../organizationPaths';
import { memberErrorMessage } from '../memberModel';
import { useReplacePrivilegesMutation } from '../privilegesApi';
import type { Member } from '../usersApi';
import { EmptyPrivilegesDialog } from './EmptyPrivilegesDialog';
import {
  cameraNetworksOf,
  hasErrors,
  MAX_PRIVILEGES,
  newRow,
  type PrivilegeRow,
  privilegeInput,
  rowErrors,
  rowOfServerMessage,
  rowsFromPrivileges,
} from './privilegeModel';
import { PrivilegesTable } from './PrivilegesTable';

export interface PrivilegesEditorProps {
  orgId: number;
  member: Member;
  /** The page's network: new rows pick their camera there, Cancel goes back to its users page. */
  networkId: number;
  initialRows: PrivilegeRow[];
}

function ServerError({ message }: { message: string }) {
  const { t } = useTranslation('users');
  const row = rowOfServerMessage(message);
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={t('privileges-save-failed')}
      role="alert"
    >
      <Text size="sm">{message}</Text>
      {row !== null && (
        <Text size="sm" mt={4}>
          {t('privileges-save-failed-row', { number: row })}
        </Text>
      )}
    </Alert>
  );
}

/**
 * The member's privileges as editable rows. Save checks every row first, asks before an empty list (every right),
 * then replaces the whole list; the stored answer becomes the rows. Server refusals are shown with their words.
 */
export function PrivilegesEditor({ orgId, member, networkId, initialRows }: PrivilegesEditorProps) {
  const { t } = useTranslation('users');
  const [rows, setRows] = useState(initialRows);
  const [checked, setChecked] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [replacePrivileges, { isLoading: saving }] = useReplacePrivilegesMutation();
  const errors = rows.map((row) => (checked ? rowErrors(row) : {}));
  const invalid = checked && errors.some(hasErrors);

  const add = () => {
    const row = newRow(networkId);
    setRows([...rows, row]);
    setFocusKey(row.key);
  };
  const remove = (index: number) => {
    setRows(rows.filter((_, at) => at !== index));
    addButton.current?.focus();
  };
  const send = async () => {
    setServerError(null);
    try {
      const privileges = rows.map(privilegeInput);
      const stored = await replacePrivileges({ orgId, userId: member.id, privileges }).unwrap();
      setRows(rowsFromPrivileges(stored, cameraNetworksOf(rows)));
      setChecked(false);
      notifications.show({ message: t('privileges-saved', { name: member.name }), color: 'green' });
    } catch (error) {
      setServerError(memberErrorMessage(error));
    } finally {
      setConfirmEmpty(false);
    }
  };
  const save = () => {
    setChecked(true);
    setServerError(null);
    if (rows.some((row) => hasErrors(rowErrors(row)))) return;
    if (rows.length === 0) setConfirmEmpty(true);
    else void send();
  };

  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('privileges-empty-title')}>
          {t('privileges-empty')}
        </Alert>
      ) : (
        <PrivilegesTable
          rows={rows}
          errors={errors}
          disabled={saving}
          focusKey={focusKey}
          onChange={(index, row) => setRows(rows.map((old, at) => (at === index ? row : old)))}
          onRemove={remove}
        />
      )}
      {invalid && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {t('privileges-invalid')}
        </Alert>
      )}
      {serverError !== null && <ServerError message={serverError} />}
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            ref={addButton}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={saving || rows.length >= MAX_PRIVILEGES}
          >
            {t('privileges-add')}
          </Button>
          {rows.length >= MAX_PRIVILEGES && (
            <Text size="sm" c="dimmed">
              {t('privileges-limit', { max: MAX_PRIVILEGES })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" component={Link} to={userManagementPath(networkId)}>
            {t('cancel')}
          </Button>
          <Button onClick={save} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Group>
      {confirmEmpty && (
        <EmptyPrivilegesDialog
          name={member.name}
          busy={saving}
          onCancel={() => setConfirmEmpty(false)}
          onConfirm={() => void send()}
        />
      )}
    </Stack>
  );
}
