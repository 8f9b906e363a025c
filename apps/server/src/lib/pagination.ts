// The back office's lists, one page at a time: pages count from 0, and every list answers the
// same envelope (content, page, size, totalElements, totalPages), sometimes with more beside it.

export interface PageRequest {
  page: number;
  size: number;
}

export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/** The rows of one page: the query's LIMIT and OFFSET (it must already be ordered). */
export function pageRows<R>(query: { limit(n: number): { offset(n: number): R } }, request: PageRequest): R {
  return query.limit(request.size).offset(request.page * request.size);
}

export function pageOf<T>(content: T[], totalElements: number, request: PageRequest): Page<T> {
  return {
    content,
    page: request.page,
    size: request.size,
    totalElements,
    totalPages: Math.ceil(totalElements / request.size),
  };
}
