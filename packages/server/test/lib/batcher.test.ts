import { describe, expect, it } from 'vitest'
import { createBatcher } from '../../src/lib/batcher.js'

type Item = { key: string; value: number }

/** A batcher whose writes wait until released, recording each batch it was given. */
function recording(opts: { maxBatch?: number; maxInFlight?: number; fail?: (items: Item[]) => boolean } = {}) {
  const batches: Item[][] = []
  const gates: (() => void)[] = []
  const batcher = createBatcher<Item, string>({
    ...opts,
    keyOf: (item) => item.key,
    run: async (items) => {
      batches.push(items)
      await new Promise<void>((resolve) => gates.push(resolve))
      if (opts.fail?.(items)) throw new Error(`failed: ${items.map((i) => i.value).join(',')}`)
      return items.map((i) => `${i.key}${i.value}`)
    },
  })
  /** Lets every batch in flight finish, and those they start in turn, until nothing is left. */
  const drain = async () => {
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setImmediate(r))
      gates.splice(0).forEach((open) => open())
    }
  }
  return { batcher, batches, drain }
}

const values = (batch: Item[] | undefined) => batch?.map((i) => `${i.key}${i.value}`)

describe('createBatcher', () => {
  it('sends a lone item at once and gives each caller its own result', async () => {
    const { batcher, batches, drain } = recording()
    const one = batcher.submit({ key: 'a', value: 1 })
    expect(batches).toHaveLength(1)
    await drain()
    expect(await one).toBe('a1')
  })

  it('groups the items that arrive while batches are in flight, up to the batch size', async () => {
    const { batcher, batches, drain } = recording({ maxBatch: 3, maxInFlight: 1 })
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((key, i) => batcher.submit({ key, value: i }))
    expect(batches.map(values)).toEqual([['a0']])
    await drain()
    expect(batches.map(values)).toEqual([['a0'], ['b1', 'c2', 'd3'], ['e4', 'f5']])
    expect(await Promise.all(results)).toEqual(['a0', 'b1', 'c2', 'd3', 'e4', 'f5'])
  })

  it('never puts two items of one key in a batch or in flight together, and keeps their order', async () => {
    const { batcher, batches, drain } = recording({ maxBatch: 10, maxInFlight: 2 })
    const submitted = [
      { key: 'a', value: 1 },
      { key: 'a', value: 2 },
      { key: 'b', value: 3 },
      { key: 'a', value: 4 },
      { key: 'c', value: 5 },
    ].map((item) => batcher.submit(item))
    // a1 and b3 leave as they arrive (two may be in flight); a2 waits for a1, and a4 behind a2.
    expect(batches.map(values)).toEqual([['a1'], ['b3']])
    await drain()
    expect(batches.map(values)).toEqual([['a1'], ['b3'], ['a2', 'c5'], ['a4']])
    expect(await Promise.all(submitted)).toEqual(['a1', 'a2', 'b3', 'a4', 'c5'])
  })

  it('tries the items of a failed batch one by one, so only the bad one fails', async () => {
    const { batcher, batches, drain } = recording({
      maxInFlight: 1,
      fail: (items) => items.some((i) => i.value === 2),
    })
    const first = batcher.submit({ key: 'a', value: 0 })
    const rest = [1, 2, 3].map((value) => batcher.submit({ key: `k${value}`, value }))
    const settled = Promise.allSettled([first, ...rest])
    await drain()
    const outcome = (await settled).map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))
    expect(outcome).toEqual(['a0', 'k11', 'failed: 2', 'k33'])
    expect(batches.map(values)).toEqual([['a0'], ['k11', 'k22', 'k33'], ['k11'], ['k22'], ['k33']])
  })

  it('reports what waits and what is in flight', async () => {
    const { batcher, drain } = recording({ maxInFlight: 1 })
    const all = [1, 2, 3].map((value) => batcher.submit({ key: 'a', value }))
    expect(batcher.stats()).toEqual({ waiting: 2, inFlight: 1 })
    await drain()
    await Promise.all(all)
    expect(batcher.stats()).toEqual({ waiting: 0, inFlight: 0 })
  })
})
