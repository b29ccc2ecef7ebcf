import { describe, expect, it } from 'vitest'
import { highlightSegments } from './highlight'

const text = (segments: ReturnType<typeof highlightSegments>) => segments.map((s) => s.text).join('')

describe('highlightSegments', () => {
  it('marks the ranges the server gives and keeps the text between them', () => {
    expect(
      highlightSegments('refund my order please', [
        [0, 6],
        [10, 15],
      ]),
    ).toEqual([
      { text: 'refund', marked: true },
      { text: ' my ', marked: false },
      { text: 'order', marked: true },
      { text: ' please', marked: false },
    ])
  })

  it('returns the snippet unmarked when there are no highlights', () => {
    expect(highlightSegments('plain text', [])).toEqual([{ text: 'plain text', marked: false }])
  })

  it('sorts, merges overlapping ranges, clamps ranges past the end and drops empty or reversed ones', () => {
    const snippet = 'abcdefghij'
    const segments = highlightSegments(snippet, [
      [6, 40],
      [1, 3],
      [2, 4],
      [5, 5],
      [9, 7],
      [-3, 0],
    ])
    expect(segments).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'ef', marked: false },
      { text: 'ghij', marked: true },
    ])
    expect(text(segments)).toBe(snippet)
  })

  it('treats markup in the snippet as plain text', () => {
    const snippet = '<img src=x onerror=alert(1)> refund'
    const segments = highlightSegments(snippet, [[29, 35]])
    expect(text(segments)).toBe(snippet)
    expect(segments.at(-1)).toEqual({ text: 'refund', marked: true })
  })
})
