import { describe, expect, it } from 'vitest';
import { pageOf, pageRows } from './pagination.ts';

describe('pages of a list', () => {
  it('asks for the page’s rows: pages count from 0', () => {
    const asked: number[] = [];
    const query = {
      limit(n: number) {
        asked.push(n);
        return { offset: (o: number) => asked.push(o) && 'rows' };
      },
    };
    expect(pageRows(query, { page: 2, size: 20 })).toBe('rows');
    expect(asked).toEqual([20, 40]);
  });

  // [total, size, pages]
  const table: [number, number, number][] = [
    [0, 20, 0],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [100, 25, 4],
  ];
  it.each(table)('%i rows in pages of %i make %i pages', (total, size, pages) => {
    expect(pageOf([], total, { page: 0, size }).totalPages).toBe(pages);
  });
});
