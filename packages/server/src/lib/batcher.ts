/**
 * Group commit for a hot write: calls that arrive while earlier batches are in flight wait and leave together,
 * so a busy server pays one database round trip (and one commit) for many writes, while an idle one sends each
 * write at once. Items with the same key never share a batch nor run concurrently, and leave in arrival order.
 * When a batch fails, each of its items is tried again alone, so one bad item fails only its own caller.
 */
export function createBatcher<Item, Result>(opts: {
  /** Writes a batch, all or nothing (one statement or one transaction); one result per item, in order. */
  run: (items: Item[]) => Promise<Result[]>
  /** Items with equal keys are written one after the other (e.g. replies to one chat). */
  keyOf: (item: Item) => string | number
  maxBatch?: number
  maxInFlight?: number
}) {
  const maxBatch = opts.maxBatch ?? 64
  const maxInFlight = opts.maxInFlight ?? 2
  type Waiting = { item: Item; key: string | number; resolve: (r: Result) => void; reject: (e: unknown) => void }
  let queue: Waiting[] = []
  const busyKeys = new Set<string | number>()
  let inFlight = 0

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch: Waiting[] = []
      const keys = new Set<string | number>()
      const rest: Waiting[] = []
      for (const w of queue) {
        // Once a key is held back, its later items stay behind it, so each key keeps arrival order.
        if (batch.length < maxBatch && !busyKeys.has(w.key) && !keys.has(w.key)) {
          batch.push(w)
          keys.add(w.key)
        } else {
          rest.push(w)
          keys.add(w.key)
        }
      }
      if (batch.length === 0) return
      queue = rest
      for (const key of new Set(batch.map((w) => w.key))) busyKeys.add(key)
      inFlight++
      void send(batch)
    }
  }

  async function runChecked(items: Item[]) {
    const results = await opts.run(items)
    if (results.length !== items.length) throw new Error(`batch returned ${results.length} of ${items.length}`)
    return results
  }

  async function send(batch: Waiting[]) {
    try {
      const results = await runChecked(batch.map((w) => w.item))
      batch.forEach((w, i) => w.resolve(results[i] as Result))
    } catch (err) {
      if (batch.length === 1) batch[0]?.reject(err)
      else
        await Promise.all(
          batch.map(async (w) => {
            try {
              w.resolve((await runChecked([w.item]))[0] as Result)
            } catch (alone) {
              w.reject(alone)
            }
          }),
        )
    } finally {
      inFlight--
      for (const w of batch) busyKeys.delete(w.key)
      pump()
    }
  }

  return {
    /** Resolves with this item's result once its batch is written. */
    submit(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, key: opts.keyOf(item), resolve, reject })
        pump()
      })
    },
    /** Items waiting and batches in flight (metrics, tests). */
    stats: () => ({ waiting: queue.length, inFlight }),
  }
}
