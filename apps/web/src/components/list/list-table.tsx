import type { ReactNode } from 'react';
import { Checkbox, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { listTexts } from './list-texts';
import { ariaSortOf, sortAfterClick, type ListSort } from './sorting';
import classes from './data-list.module.css';

/** A column of the table view. */
export interface ListColumn<Row, Sort extends string> {
  /** Unique among the columns. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** The field a click on the header sorts by; without it the column does not sort. */
  sortField?: Sort;
  align?: 'left' | 'right';
}

/** Checkboxes in the table view for bulk actions; the page keeps the selected keys. */
export interface ListSelection<Row, Key> {
  selected: ReadonlySet<Key>;
  onChange: (selected: Set<Key>) => void;
  /** The row's name for its checkbox label ("{name} auswählen"). */
  rowLabel: (row: Row) => string;
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <IconSortAscending size={16} aria-hidden />;
  if (state === 'descending') return <IconSortDescending size={16} aria-hidden />;
  return <IconArrowsSort size={16} aria-hidden className={classes.inactiveSort} />;
}

/** The table view: sortable column headers (aria-sort), optional row checkboxes. */
export function ListTable<Row, Sort extends string, Key>({
  label,
  rows,
  rowKey,
  columns,
  sort,
  onSortChange,
  selection,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => Key;
  columns: ListColumn<Row, Sort>[];
  /** The list's sort; a table without sortable columns (a short list of the settings) has none. */
  sort?: ListSort<Sort>;
  onSortChange?: (sort: ListSort<Sort>) => void;
  selection?: ListSelection<Row, Key>;
}) {
  const keys = rows.map(rowKey);
  const selectedHere = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const selectAll = selectedHere < keys.length;
    for (const key of keys) {
      if (selectAll) next.add(key);
      else next.delete(key);
    }
    selection.onChange(next);
  };
  const toggle = (key: Key) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={label} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={listTexts.selectPage}
                  checked={keys.length > 0 && selectedHere === keys.length}
                  indeterminate={selectedHere > 0 && selectedHere < keys.length}
                  onChange={toggleAll}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => {
              const align = column.align ?? 'left';
              if (!column.sortField || !sort || !onSortChange) {
                return (
                  <Table.Th key={column.key} ta={align}>
                    {column.header}
                  </Table.Th>
                );
              }
              const field = column.sortField;
              const state = ariaSortOf(sort, field);
              return (
                <Table.Th key={column.key} ta={align} aria-sort={state}>
                  <UnstyledButton
                    className={classes.sortButton}
                    data-align={align}
                    onClick={() => onSortChange(sortAfterClick(sort, field))}
                  >
                    {column.header}
                    <SortIcon state={state} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const key = keys[index] as Key;
            return (
              <Table.Tr key={String(key)}>
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={listTexts.select(selection.rowLabel(row))}
                      checked={selection.selected.has(key)}
                      onChange={() => toggle(key)}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align ?? 'left'}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
