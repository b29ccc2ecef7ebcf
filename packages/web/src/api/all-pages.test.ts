import { describe, expect, it } from 'vitest'
import { allPages } from './all-pages'

/** A list of `total` numbered rows answering `size` at a time, and the offsets it was asked for. */
function list(total: number, size = 100) {
  const asked: number[] = []
  const page = (offset: number) => {
    asked.push(offset)
    const data = Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) => offset + i)
    return Promise.resolve({ data, next: offset + size < total ? offset + size : null })
  }
  return { page, asked }
}

describe('allPages', () => {
  it('reads every page until there is no next one', async () => {
    const { page, asked } = list(250)
    const rows = await allPages(page)
    expect(rows).toHaveLength(250)
    expect(rows[249]).toBe(249)
    expect(asked).toEqual([0, 100, 200])
  })

  it('asks once for a list of one page, or of none', async () => {
    const one = list(40)
    expect(await allPages(one.page)).toHaveLength(40)
    expect(one.asked).toEqual([0])
    const none = list(0)
    expect(await allPages(none.page)).toEqual([])
    expect(none.asked).toEqual([0])
  })

  it('stops at its limit without asking for more', async () => {
    const { page, asked } = list(5000)
    const rows = await allPages(page, 1000)
    expect(rows).toHaveLength(1000)
    expect(asked).toHaveLength(10)
    const cut = list(5000, 300)
    expect(await allPages(cut.page, 1000)).toHaveLength(1000)
    expect(cut.asked).toEqual([0, 300, 600, 900])
  })

  it('passes a failed page on', async () => {
    await expect(allPages(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
  })
})
