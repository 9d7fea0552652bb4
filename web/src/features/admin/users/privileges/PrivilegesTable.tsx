import '../usersTexts';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads, TableSkeleton } from '../../../../components/table/ColumnHeads';
import type { PrivilegeRow, RowErrors } from './privilegeModel';
import { PrivilegeTableRow } from './PrivilegeTableRow';

const COLUMNS = ['number', 'scope', 'target', 'rights'] as const;
const MIN_WIDTH = 980;
const SKELETON_ROWS = 2;

/** The table's shape with placeholder rows while the privileges (and their cameras' networks) load. */
export function PrivilegesTableSkeleton() {
  const { t } = useTranslation('users');
  return (
    <TableSkeleton
      titles={COLUMNS.map((column) => t(`privileges-column-${column}`))}
      actionsTitle={t('column-actions')}
      rows={SKELETON_ROWS}
      minWidth={MIN_WIDTH}
      label={t('privileges-loading')}
    />
  );
}

export interface PrivilegesTableProps {
  rows: PrivilegeRow[];
  /** By row; empty objects until a save was tried. */
  errors: RowErrors[];
  disabled: boolean;
  /** The row just added, which takes the focus. */
  focusKey: string | null;
  onChange: (index: number, row: PrivilegeRow) => void;
  onRemove: (index: number) => void;
}

/** The member's privileges, one editable row each. */
export function PrivilegesTable({ rows, errors, disabled, focusKey, onChange, onRemove }: PrivilegesTableProps) {
  const { t } = useTranslation('users');
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table verticalSpacing="sm" aria-label={t('privileges-table')}>
        <ColumnHeads
          titles={COLUMNS.map((column) => t(`privileges-column-${column}`))}
          actionsTitle={t('column-actions')}
        />
        <Table.Tbody>
          {rows.map((row, index) => (
            <PrivilegeTableRow
              key={row.key}
              row={row}
              number={index + 1}
              errors={errors[index] ?? {}}
              disabled={disabled}
              focusOnMount={row.key === focusKey}
              onChange={(changed) => onChange(index, changed)}
              onRemove={() => onRemove(index)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
