import '../usersTexts';
import { ActionIcon, Checkbox, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivilegeScope } from '../privilegesApi';
import {
  type PrivilegeRow,
  RIGHT_LABEL_KEYS,
  RIGHTS,
  type RowErrors,
  SCOPE_LABEL_KEYS,
  SCOPES,
  withScope,
} from './privilegeModel';
import { PrivilegeTarget } from './PrivilegeTarget';

export interface PrivilegeTableRowProps {
  row: PrivilegeRow;
  /** 1-based: the controls are named 'Scope of privilege 2' and so on. */
  number: number;
  /** Shown once a save was tried. */
  errors: RowErrors;
  disabled: boolean;
  /** A row just added: its scope select takes the focus. */
  focusOnMount: boolean;
  onChange: (row: PrivilegeRow) => void;
  onRemove: () => void;
}

type RightsCellProps = Omit<PrivilegeTableRowProps, 'focusOnMount' | 'onRemove'>;

function RightsCell({ row, number, errors, disabled, onChange }: RightsCellProps) {
  const { t } = useTranslation('users');
  const errorId = `${row.key}-rights-error`;
  return (
    <div role="group" aria-label={t('privileges-rights-named', { number })}>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} w={250}>
        {RIGHTS.map((right) => (
          <Checkbox
            key={right}
            label={t(RIGHT_LABEL_KEYS[right])}
            aria-label={t('privileges-right-named', { right: t(RIGHT_LABEL_KEYS[right]), number })}
            aria-describedby={errors.rights ? errorId : undefined}
            checked={row.rights[right]}
            onChange={(event) => onChange({ ...row, rights: { ...row.rights, [right]: event.currentTarget.checked } })}
            disabled={disabled}
            error={Boolean(errors.rights)}
          />
        ))}
      </SimpleGrid>
      {errors.rights && (
        <Text id={errorId} c="red" size="xs" mt={4}>
          {t(errors.rights)}
        </Text>
      )}
    </div>
  );
}

/** One privilege: its scope, what it applies to, its four rights and a remove button. */
export function PrivilegeTableRow(props: PrivilegeTableRowProps) {
  const { row, number, errors, disabled, focusOnMount, onChange, onRemove } = props;
  const { t } = useTranslation('users');
  const scopeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) scopeRef.current?.focus();
  }, [focusOnMount]);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {number}
      </Table.Th>
      <Table.Td>
        <Select
          ref={scopeRef}
          aria-label={t('privileges-scope-named', { number })}
          data={SCOPES.map((scope) => ({ value: scope, label: t(SCOPE_LABEL_KEYS[scope]) }))}
          value={row.scope}
          onChange={(scope) => {
            if (scope) onChange(withScope(row, scope as PrivilegeScope));
          }}
          allowDeselect={false}
          disabled={disabled}
          w={140}
        />
      </Table.Td>
      <Table.Td>
        <PrivilegeTarget row={row} number={number} errors={errors} disabled={disabled} onChange={onChange} />
      </Table.Td>
      <Table.Td>
        <RightsCell row={row} number={number} errors={errors} disabled={disabled} onChange={onChange} />
      </Table.Td>
      <Table.Td ta="right">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('privileges-remove-named', { number })}
          onClick={onRemove}
          disabled={disabled}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
