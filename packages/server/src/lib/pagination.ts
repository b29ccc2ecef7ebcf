/** Builds the offset-form list envelope of contract §1.8. */
export function page<T>(data: T[], opts: { limit: number; offset: number; total: number }) {
  const nextOffset = opts.offset + data.length < opts.total ? opts.offset + data.length : null
  return {
    error: false as const,
    data,
    pagination: { limit: opts.limit, offset: opts.offset, total: opts.total, next_offset: nextOffset },
  }
}
