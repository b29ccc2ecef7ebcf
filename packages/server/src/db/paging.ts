import type { SelectQueryBuilder } from 'kysely'

/**
 * One page of a filtered list and the number of rows the filters match, for the offset lists of contract §1.8:
 * the count runs on the same filters, without ordering or paging.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  opts: { limit: number; offset: number },
): Promise<{ total: number; rows: O[] }> {
  const [count, data] = await Promise.all([
    rows
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow() as Promise<{ total: number | string }>,
    order(rows).limit(opts.limit).offset(opts.offset).execute(),
  ])
  return { total: Number(count.total), rows: data }
}
