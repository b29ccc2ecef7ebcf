/*
 * Lists that answer a page at a time (offset pagination, at most 100 rows a page) read whole, for pickers and
 * filters that must offer every row rather than the first page's.
 */

/** A list's rows page by page from offset 0 until it has no next page, up to `max` (1,000) rows. */
export async function allPages<T>(
  page: (offset: number) => Promise<{ data: readonly T[]; next: number | null }>,
  max = 1000,
): Promise<T[]> {
  const rows: T[] = []
  for (let offset: number | null = 0; offset !== null && rows.length < max;) {
    const { data, next } = await page(offset)
    rows.push(...data)
    offset = next
  }
  return rows.slice(0, max)
}
