import { useCallback, useMemo, useState } from 'react';
import type { ListSort } from './sorting';

/** The query of one page of a list, as the API's list endpoints take it (docs/api.md "Lists"). */
export interface ListPageQuery<Sort extends string> {
  page: number;
  limit: number;
  sortBy: Sort;
  sortOrder: ListSort['order'];
  search?: string;
}

/** What a `DataList` needs to page, search and sort; spread it into the list: `<DataList {...list.controls} />`. */
export interface ListControls<Sort extends string> {
  page: number;
  onPageChange: (page: number) => void;
  search: string;
  onSearchChange: (search: string) => void;
  sort: ListSort<Sort>;
  onSortChange: (sort: ListSort<Sort>) => void;
}

/**
 * Page and search of a list page, next to its sort (a remembered preference the page holds,
 * docs/product.md "Remembered preferences"). A new search or sort starts at page 1 again, so nobody lands on an empty page 7. Answers
 * the API query (for the page's TanStack query key) and the controls for `DataList`.
 */
export function useListQuery<Sort extends string>(options: {
  sort: ListSort<Sort>;
  onSortChange: (sort: ListSort<Sort>) => void;
  /** Rows per page (the API's default of the list). */
  limit: number;
}): { query: ListPageQuery<Sort>; controls: ListControls<Sort> } {
  const { sort, onSortChange, limit } = options;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');

  const onSearchChange = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const changeSort = useCallback(
    (next: ListSort<Sort>) => {
      onSortChange(next);
      setPage(1);
    },
    [onSortChange],
  );

  const query = useMemo(
    () => ({ page, limit, sortBy: sort.field, sortOrder: sort.order, ...(search ? { search } : {}) }),
    [page, limit, sort.field, sort.order, search],
  );
  return {
    query,
    controls: { page, onPageChange: setPage, search, onSearchChange, sort, onSortChange: changeSort },
  };
}
