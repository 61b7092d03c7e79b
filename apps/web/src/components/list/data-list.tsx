import { useEffect, type ComponentProps, type ReactNode } from 'react';
import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Pagination } from '@saldopilot/shared';
import { ExportMenu } from './export-menu';
import { DisplayToggle, SortControl, type ListDisplay, type SortOption } from './list-controls';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';
import { ListTable, type ListColumn, type ListSelection } from './list-table';
import { listTexts } from './list-texts';
import type { ListControls } from './use-list-query';
import classes from './data-list.module.css';

export type { ListColumn, ListSelection, ListDisplay, SortOption };

export interface DataListProps<Row, Sort extends string, Key extends string | number> extends ListControls<Sort> {
  /** The accessible name of the table and the card list, e.g. "Bankkonten". */
  label: string;
  /** The rows of the current page; undefined until the first answer. */
  rows: Row[] | undefined;
  /** The API's pagination block of the current page. */
  pagination: Pagination | undefined;
  rowKey: (row: Row) => Key;
  /** A newer page is on its way (the previous one is still shown, dimmed). */
  fetching?: boolean;
  /** Shown instead of the rows when loading failed. */
  error?: ReactNode;
  /** Remembered preference of the page (docs/product.md "Remembered preferences"). */
  display: ListDisplay;
  onDisplayChange: (display: ListDisplay) => void;
  /** The table view's columns; those with a `sortField` sort on a click. */
  columns: ListColumn<Row, Sort>[];
  /** The card of a row in the grid view (usually a `ListCard`). */
  renderCard: (row: Row) => ReactNode;
  /** Choices of the grid view's "Sortieren nach"; default the sortable columns. */
  sortOptions?: SortOption<Sort>[];
  /** Shown alone when the list has no row at all (nothing searched or filtered): the first-use hint. */
  empty: ReactNode;
  /** The page's own filters are active, so an empty answer means "nothing found", not "nothing yet". */
  filtered?: boolean;
  /** Extra filters or buttons after the search, view and sort controls. */
  toolbar?: ReactNode;
  /** The toolbar's right end, e.g. the add button. */
  actions?: ReactNode;
  /** A line between toolbar and rows, e.g. a total. */
  summary?: ReactNode;
  /** Row checkboxes for bulk actions (table view only). */
  selection?: ListSelection<Row, Key>;
  /** The list as a file with the current search, filters and sort ("Exportieren"). */
  onExport?: ComponentProps<typeof ExportMenu>['onExport'];
}

function LoadingRows() {
  return (
    <Stack gap="sm" aria-busy aria-label="Wird geladen">
      <Skeleton h={96} radius="md" />
      <Skeleton h={96} radius="md" />
    </Stack>
  );
}

/**
 * The one list of the app (bank accounts, transactions, employees): a toolbar with search (300 ms,
 * trimmed, back to page 1), view toggle and sort, then cards (grid) or a table (list) — both
 * sortable — and real pages with the total count (docs/web.md "Lists"). The page
 * brings the data, the columns and the card; this component never calls the API.
 */
export function DataList<Row, Sort extends string, Key extends string | number>(props: DataListProps<Row, Sort, Key>) {
  const { rows, pagination, page, onPageChange, search, filtered = false, display } = props;
  const totalPages = pagination?.totalPages ?? 1;

  // After a delete the last page may be gone: show the new last one instead of an empty page.
  const pastTheEnd = rows !== undefined && rows.length === 0 && (pagination?.totalCount ?? 0) > 0;
  useEffect(() => {
    if (pastTheEnd && page > totalPages) onPageChange(totalPages);
  }, [pastTheEnd, page, totalPages, onPageChange]);

  if (pagination?.totalCount === 0 && search === '' && !filtered && !props.error) return <>{props.empty}</>;

  const sortOptions =
    props.sortOptions ??
    props.columns.flatMap((column) => (column.sortField ? [{ field: column.sortField, label: column.header }] : []));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-end">
        <Group gap="xs" align="flex-end" style={{ flex: '1 1 auto' }}>
          <ListSearch value={search} onChange={props.onSearchChange} />
          <DisplayToggle display={display} onChange={props.onDisplayChange} />
          {display === 'grid' ? (
            <SortControl sort={props.sort} options={sortOptions} onChange={props.onSortChange} />
          ) : null}
          {props.toolbar}
        </Group>
        {props.actions || props.onExport ? (
          <Group gap="xs">
            {props.onExport ? <ExportMenu onExport={props.onExport} /> : null}
            {props.actions}
          </Group>
        ) : null}
      </Group>
      {props.summary}
      {props.error ? (
        <Alert color="red" variant="light" role="alert">
          {props.error}
        </Alert>
      ) : rows === undefined ? (
        <LoadingRows />
      ) : rows.length === 0 ? (
        <Text c="dimmed" role="status">
          {listTexts.noResults}
        </Text>
      ) : (
        <div className={props.fetching ? classes.busy : undefined} aria-busy={props.fetching || undefined}>
          {display === 'list' ? (
            <ListTable
              label={props.label}
              rows={rows}
              rowKey={props.rowKey}
              columns={props.columns}
              sort={props.sort}
              onSortChange={props.onSortChange}
              selection={props.selection}
            />
          ) : (
            <ul className={classes.grid} aria-label={props.label}>
              {rows.map((row) => (
                <li key={String(props.rowKey(row))}>{props.renderCard(row)}</li>
              ))}
            </ul>
          )}
          {pagination ? (
            <ListPagination
              page={page}
              totalPages={totalPages}
              totalCount={pagination.totalCount}
              onChange={onPageChange}
            />
          ) : null}
        </div>
      )}
    </Stack>
  );
}
