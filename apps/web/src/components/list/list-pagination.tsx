import { Group, Pagination, Text } from '@mantine/core';
import { listTexts } from './list-texts';
import { entriesLabel } from './sorting';

const controlLabels = {
  previous: listTexts.previousPage,
  next: listTexts.nextPage,
  first: listTexts.firstPage,
  last: listTexts.lastPage,
} as const;

/** "N Einträge" and the page buttons (docs/web.md "Lists": real pages instead of "Mehr anzeigen"). */
export function ListPagination({
  page,
  totalPages,
  totalCount,
  onChange,
}: {
  page: number;
  totalPages: number;
  totalCount: number;
  onChange: (page: number) => void;
}) {
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {entriesLabel(totalCount)}
      </Text>
      {totalPages > 1 ? (
        <nav aria-label={listTexts.pages}>
          <Pagination
            value={page}
            total={totalPages}
            onChange={onChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
            getItemProps={(item) => ({ 'aria-label': `Seite ${item}` })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
