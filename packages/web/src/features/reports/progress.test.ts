import { describe, expect, it } from 'vitest'
import { formatBytes, progressPercent, progressText, rowsText, type Progress } from './progress'

const csv = (change: Partial<Progress>): Progress => ({
  bytes: 0,
  lines: 0,
  rows: null,
  length: null,
  format: 'csv',
  ...change,
})

describe('how far a download is', () => {
  it('writes sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(999)).toBe('999 bytes')
    expect(formatBytes(12_300)).toBe('12 KB')
    expect(formatBytes(2_345_678)).toBe('2.3 MB')
    expect(formatBytes(141_000_000)).toBe('141.0 MB')
  })

  it("measures a CSV by its rows: line breaks after the header's, out of the rows announced", () => {
    const p = csv({ rows: 5000, lines: 1201, bytes: 2_345_678 })
    expect(progressPercent(p)).toBe(24)
    expect(progressText(p)).toBe('1,200 of 5,000 rows · 2.3 MB received')
  })

  it('stops short of full until the file has ended, however many line breaks quoted cells add', () => {
    expect(progressPercent(csv({ rows: 10, lines: 40 }))).toBe(99)
    expect(progressText(csv({ rows: 10, lines: 40, bytes: 900 }))).toBe('10 of 10 rows · 900 bytes received')
  })

  it('uses the length when the server gives one', () => {
    expect(progressPercent({ ...csv({ rows: 10 }), format: 'pdf', bytes: 500, length: 2000 })).toBe(25)
  })

  it('cannot tell how far a PDF of unknown length is, and says its rows and bytes instead', () => {
    const pdf: Progress = { bytes: 3_400_000, lines: 0, rows: 4200, length: null, format: 'pdf' }
    expect(progressPercent(pdf)).toBeNull()
    expect(progressText(pdf)).toBe('4,200 rows · 3.4 MB received')
  })

  it('cannot tell how far an answer without a row count is', () => {
    const p = csv({ bytes: 5_000_000, lines: 300 })
    expect(progressPercent(p)).toBeNull()
    expect(progressText(p)).toBe('5.0 MB received')
  })

  it('has no bar for a file of no rows, only the header', () => {
    expect(progressPercent(csv({ rows: 0, lines: 1 }))).toBeNull()
    expect(progressText(csv({ rows: 0, lines: 1, bytes: 200 }))).toBe('0 rows · 200 bytes received')
  })

  it('counts rows in words', () => {
    expect(rowsText(1)).toBe('1 row')
    expect(rowsText(1234)).toBe('1,234 rows')
    expect(rowsText(null)).toBe('')
  })
})
