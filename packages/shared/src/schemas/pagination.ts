import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { textSchema } from './fields.js';

/** The highest page number a list accepts: beyond it a request is a probe, not a person paging. */
export const MAX_PAGE = 100_000;

/**
 * A whole number in a query string, min … max: digits only, so `1e3`, `0x10`, ` 2`, `-1` or `12.5`
 * are refused with `message`, not guessed at (query values arrive as text).
 */
export function wholeNumberQuery(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

const pageNumberSchema = wholeNumberQuery(1, MAX_PAGE, `Die Seite muss zwischen 1 und ${MAX_PAGE} liegen`);
const pageSizeSchema = wholeNumberQuery(
  1,
  PAGINATION.maxLimit,
  `Die Seitengrösse muss zwischen 1 und ${PAGINATION.maxLimit} liegen`,
);

/** Query of every paged list: page ≥ 1, 1 ≤ limit ≤ 100 (docs/api.md "Lists"). */
export function pageQuerySchema(defaultLimit: number) {
  return z.strictObject({
    page: pageNumberSchema.default(1),
    limit: pageSizeSchema.default(defaultLimit),
  });
}

export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;

export const sortOrders = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** Search text of a list: trimmed, case-insensitive substring of the name; empty means none. */
export const searchQuerySchema = textSchema({ max: 100 })
  .optional()
  .transform((text) => (text ? text : undefined));

/**
 * Query of a sortable, searchable list: paging, `sortBy` from the list's own fields (default the
 * first), `sortOrder` ASC|DESC, `search`, plus the list's filters. Unknown parameters are refused.
 */
export function listQuerySchema<
  const Sort extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: { defaultLimit: number; sortBy: Sort; filters?: Filters }) {
  return pageQuerySchema(options.defaultLimit).extend({
    sortBy: z.enum(options.sortBy, { error: 'Unbekanntes Sortierfeld' }).default(options.sortBy[0] as never),
    sortOrder: z.enum(sortOrders, { error: 'Sortierung muss ASC oder DESC sein' }).default('ASC'),
    search: searchQuerySchema,
    ...((options.filters ?? {}) as Filters),
  });
}

/** What a list repository needs: the paging, the sort and the search of a list query. */
export interface ListQuery<Sort extends string = string> extends PageQuery {
  sortBy: Sort;
  sortOrder: SortOrder;
  search?: string | undefined;
}

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  totalRemaining: z.number().int(),
});

export type Pagination = z.infer<typeof paginationSchema>;

/** A page of a list: `{ data, pagination }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

/** Builds the pagination block from the query and the total number of rows. */
export function describePage(query: PageQuery, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / query.limit));
  const shown = Math.min(totalCount, query.page * query.limit);
  return {
    currentPage: query.page,
    limit: query.limit,
    totalCount,
    totalPages,
    totalRemaining: Math.max(0, totalCount - shown),
  };
}
