import { z } from 'zod';

/** Query of every paged list: page ≥ 1, 1 ≤ limit ≤ 100 (API.md "Lists"). */
export function pageQuerySchema(defaultLimit: number) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });
}

export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;

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
