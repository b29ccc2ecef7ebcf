import { describe, expect, it } from 'vitest'
import { searchTerms } from '../../src/features/search/search.terms.js'

describe('searchTerms', () => {
  it('reads the last word as a prefix and the words before it whole', () => {
    expect(searchTerms('  refund arri ')).toEqual({
      words: 'refund arri',
      open: { before: 'refund', either: false, prefix: 'arri:*' },
      highlight: 'refund:* | arri:*',
      highlightTokens: ['refund:*', 'arri:*'],
    })
    expect(searchTerms('Refu').open).toEqual({ before: '', either: false, prefix: 'refu:*' })
  })

  it('keeps operators of to_tsquery out of the prefix, whatever is typed', () => {
    expect(searchTerms("refu:*&!(x)|'yz'\\").open?.prefix).toBe('refu & x & yz:*')
    expect(searchTerms('e-ma').open?.prefix).toBe('e & ma:*')
    expect(searchTerms('refund !!!').open).toBeNull()
    expect(searchTerms('refund a').open).toBeNull()
  })

  it('leaves a word excluded with "-" whole, and out of the highlighted words', () => {
    expect(searchTerms('refund -zipp')).toMatchObject({ open: null, highlight: 'refund:*' })
    expect(searchTerms('refund-zipp').open?.prefix).toBe('refund & zipp:*')
  })

  it('reads "or" before the last word as either, and closes a phrase still being typed', () => {
    expect(searchTerms('refund OR zipp').open).toEqual({ before: 'refund', either: true, prefix: 'zipp:*' })
    expect(searchTerms('"broken zip').open).toEqual({ before: '"broken"', either: false, prefix: 'zip:*' })
    expect(searchTerms('"broken zipper"').open).toBeNull()
  })
})
