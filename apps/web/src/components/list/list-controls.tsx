import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Z_INDEX } from '@saldopilot/shared';
import { listTexts } from './list-texts';
import type { ListSort } from './sorting';

export type ListDisplay = 'grid' | 'list';

/** Switches between cards and table; labelled with what a click does (docs/web.md "Lists"). */
export function DisplayToggle({
  display,
  onChange,
}: {
  display: ListDisplay;
  onChange: (display: ListDisplay) => void;
}) {
  const label = display === 'grid' ? listTexts.showAsList : listTexts.showAsGrid;
  return (
    <Tooltip label={label} zIndex={Z_INDEX.tooltip}>
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={label}
        onClick={() => onChange(display === 'grid' ? 'list' : 'grid')}
      >
        {display === 'grid' ? <IconList size={18} aria-hidden /> : <IconLayoutGrid size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

export interface SortOption<Sort extends string> {
  field: Sort;
  label: string;
}

/**
 * The sort of the card view (docs/web.md "Lists": the reference sorts only in its table): the field
 * in a Select "Sortieren nach", the order in a button beside it.
 */
export function SortControl<Sort extends string>({
  sort,
  options,
  onChange,
}: {
  sort: ListSort<Sort>;
  options: SortOption<Sort>[];
  onChange: (sort: ListSort<Sort>) => void;
}) {
  const orderLabel = sort.order === 'ASC' ? listTexts.sortDescending : listTexts.sortAscending;
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label={listTexts.sortBy}
        placeholder={listTexts.sortBy}
        data={options.map((option) => ({ value: option.field, label: option.label }))}
        value={sort.field}
        onChange={(field) => field && onChange({ field: field as Sort, order: 'ASC' })}
        allowDeselect={false}
        comboboxProps={{ zIndex: Z_INDEX.menu }}
        leftSection={<span aria-hidden>⇅</span>}
        w="11rem"
      />
      <Tooltip label={orderLabel} zIndex={Z_INDEX.tooltip}>
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={orderLabel}
          onClick={() => onChange({ field: sort.field, order: sort.order === 'ASC' ? 'DESC' : 'ASC' })}
        >
          {sort.order === 'ASC' ? (
            <IconSortAscending size={18} aria-hidden />
          ) : (
            <IconSortDescending size={18} aria-hidden />
          )}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
