import { Skeleton, Table } from '@mantine/core';

export interface ColumnHeadsProps {
  /** Translated column titles, in order. */
  titles: string[];
  /** A last, right-aligned column for row actions (its translated title). */
  actionsTitle?: string;
}

/** A table's header row: one column head per title, and optionally a right-aligned actions column. */
export function ColumnHeads({ titles, actionsTitle }: ColumnHeadsProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((title) => (
          <Table.Th key={title} scope="col">
            {title}
          </Table.Th>
        ))}
        {actionsTitle !== undefined && (
          <Table.Th scope="col" ta="right">
            {actionsTitle}
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

export interface TableSkeletonProps extends ColumnHeadsProps {
  rows: number;
  minWidth: number;
  /** Says what is loading (the table is aria-busy). */
  label: string;
}

/** A table's shape with placeholder rows while its data loads. */
export function TableSkeleton({ titles, actionsTitle, rows, minWidth, label }: TableSkeletonProps) {
  const columns = titles.length + (actionsTitle === undefined ? 0 : 1);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" aria-label={label} aria-busy>
        <ColumnHeads titles={titles} actionsTitle={actionsTitle} />
        <Table.Tbody>
          {Array.from({ length: rows }, (_, row) => (
            <Table.Tr key={row}>
              {Array.from({ length: columns }, (_, column) => (
                <Table.Td key={column}>
                  <Skeleton height={14} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
