/*
 * How the PDF report lays out text (contract §9.2), apart from any drawing: the text a cell shows (at most 500
 * characters), lines wrapped to a width, lines cut to a height, and the table's column widths. Widths come from a
 * `Measure` of the font in use, so the same code serves the header's bold face and the body's regular one, and the
 * tests can reason about it without a document.
 */

/** The width, in points, of a string set in one font at one size. */
export type Measure = (text: string) => number

/** A column of the table: its width in points, and how its cells align (numbers to the right). */
export type ColumnSpec = { width: number; align: 'left' | 'right' }

export const MAX_CELL_CHARS = 500
export const ELLIPSIS = '…'

// Control characters other than the line feed have no glyph; a tab reads best as a space.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/**
 * The text a cell shows: line ends as `\n`, no control characters, no trailing blank lines, and a text longer than
 * 500 characters (Unicode code points, so a pair of surrogates is never split) cut to its first 499 and "…".
 */
export function cellText(value: string): string {
  let text = value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '').trimEnd()
  // `length` counts UTF-16 units, never fewer than code points: the split is needed only past 500 of them.
  if (text.length > MAX_CELL_CHARS) {
    const chars = Array.from(text)
    if (chars.length > MAX_CELL_CHARS) text = chars.slice(0, MAX_CELL_CHARS - 1).join('') + ELLIPSIS
  }
  return text
}

/** After which characters a word too long for its column breaks best: a path, an address, a date, a list. */
const SOFT_BREAK_AFTER = new Set(['/', '@', '-', '_', '.', ',', ';', ':', '?', '&', '=', '+'])

/** An ISO timestamp's `T` (between the date's digits and the time's): the break that keeps both halves whole. */
const isDateTimeBreak = (chars: readonly string[], i: number) =>
  chars[i] === 'T' && /\d/.test(chars[i - 1] ?? '') && /\d/.test(chars[i + 1] ?? '')

/**
 * A word wider than `width` in pieces that fit: each piece as long as fits, ending at the last soft break when there
 * is one in its second half (a timestamp's `T` whenever it fits), else at the last character that fits.
 */
function breakWord(word: string, width: number, measure: Measure): string[] {
  const chars = Array.from(word)
  const pieces: string[] = []
  let start = 0
  while (start < chars.length) {
    let end = start
    let used = 0
    let soft = -1
    let dateTime = -1
    while (end < chars.length) {
      const w = measure(chars[end]!)
      if (used + w > width && end > start) break
      used += w
      if (isDateTimeBreak(chars, end)) dateTime = end + 1
      else if (SOFT_BREAK_AFTER.has(chars[end]!)) soft = end + 1
      end++
    }
    if (end < chars.length) {
      if (dateTime > start) end = dateTime
      else if (soft > start + (end - start) / 2) end = soft
    }
    pieces.push(chars.slice(start, end).join(''))
    start = end
  }
  return pieces
}

/**
 * Text wrapped to `width`: at its line ends, then between words, then inside a word too long for a line. The words
 * are runs ending in a space, as the PDF writer lays them out, so a line's width is the sum of its words' widths.
 */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    if (measure(paragraph) <= width) {
      lines.push(paragraph.trimEnd())
      continue
    }
    let line = ''
    let used = 0
    for (const word of paragraph.split(/(?<= )/)) {
      const bare = word.trimEnd()
      if (line !== '' && used + measure(bare) > width) {
        lines.push(line.trimEnd())
        line = ''
        used = 0
      }
      if (line === '' && measure(bare) > width) {
        const pieces = breakWord(bare, width, measure)
        lines.push(...pieces.slice(0, -1))
        line = (pieces[pieces.length - 1] ?? '') + word.slice(bare.length)
        used = measure(line)
        continue
      }
      line += word
      used += measure(word)
    }
    lines.push(line.trimEnd())
  }
  return lines
}

/** At most `max` lines (at least one); when some are cut, the last one kept ends in "…" and still fits `width`. */
export function clipLines(lines: readonly string[], max: number, width: number, measure: Measure): string[] {
  const keep = Math.max(1, max)
  if (lines.length <= keep) return [...lines]
  const kept = lines.slice(0, keep)
  const last = Array.from(kept[keep - 1]!.trimEnd())
  while (last.length > 0 && measure(last.join('') + ELLIPSIS) > width) last.pop()
  kept[keep - 1] = last.join('').trimEnd() + ELLIPSIS
  return kept
}

/** The widest piece a text cannot be broken below without cutting a word: words, and timestamps at their `T`. */
function widestPiece(text: string, measure: Measure): number {
  let widest = 0
  for (const word of text.split(/\s+/)) {
    if (word === '') continue
    for (const piece of word.split(/(?<=\dT)(?=\d)|(?<=[@/])/)) widest = Math.max(widest, measure(piece))
  }
  return widest
}

const NUMBER = /^[-+]?\d[\d,]*(\.\d+)?%?$/

export type ColumnSample = {
  /** The width the table fills exactly. */
  total: number
  /** Room left and right of a cell's text. */
  padding: number
  header: Measure
  body: Measure
}

/**
 * Column widths that fill `total` exactly, from the header labels and a sample of rows (much like a browser's
 * automatic table layout). Each column has a least width (its widest header word), a small one (also its widest
 * unbreakable value, within bounds), a wanted one (its longest value on one line, within bounds) and a roomy one (its
 * header on one line too). Every column gets its least width; the rest of the room is handed out in rounds, each
 * given in full when it fits and else shared in proportion to what each column still lacks: small widths; the whole
 * value of short columns (identifiers, times, statuses, names); the long texts; whole header labels; what is left
 * goes to the columns in proportion to what they want. When even the least widths do not fit, all shrink alike.
 */
export function planColumns(
  labels: readonly string[],
  sample: readonly (readonly string[])[],
  { total, padding, header, body }: ColumnSample,
): ColumnSpec[] {
  const floor = 26 + 2 * padding
  const pieceCap = total * 0.13
  const wantCap = total * 0.5
  const shortWant = 130
  // A hair over the measured widths, so that rounding never wraps a value planned to fit on one line.
  const slack = 2 * padding + 0.5
  const stats = labels.map((label, c) => {
    let bodyMin = 0
    let bodyWant = 0
    let numbers = 0
    let texts = 0
    for (const row of sample) {
      const text = row[c] ?? ''
      if (text === '') continue
      if (NUMBER.test(text)) numbers++
      else texts++
      bodyMin = Math.max(bodyMin, widestPiece(text, body))
      for (const line of text.split('\n')) bodyWant = Math.max(bodyWant, body(line))
    }
    const least = Math.max(floor, widestPiece(label, header) + slack)
    const min = Math.max(least, Math.min(bodyMin, pieceCap) + slack)
    const want = Math.max(min, Math.min(wantCap, bodyWant + slack))
    const roomy = Math.max(want, Math.min(wantCap, header(label) + slack))
    const align: ColumnSpec['align'] = numbers > 0 && texts === 0 ? 'right' : 'left'
    return { least, min, want, roomy, align }
  })
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)
  const leasts = stats.map((s) => s.least)
  let widths: number[]
  if (sum(leasts) > total) {
    widths = leasts.map((m) => (m * total) / sum(leasts))
  } else {
    widths = leasts
    const rounds = [
      stats.map((s) => s.min),
      stats.map((s) => (s.want <= shortWant ? s.want : s.min)),
      stats.map((s) => s.want),
      stats.map((s) => s.roomy),
    ]
    for (const target of rounds) {
      const lack = target.map((t, i) => Math.max(0, t - widths[i]!))
      const room = total - sum(widths)
      const share = Math.min(1, room / (sum(lack) || 1))
      widths = widths.map((w, i) => w + lack[i]! * share)
      if (share < 1) break
    }
    const left = total - sum(widths)
    const wants = stats.map((s) => s.want)
    widths = widths.map((w, i) => w + (left * wants[i]!) / sum(wants))
  }
  // Rounding to hundredths of a point, the last column takes the remainder so the table ends at the margin.
  const rounded = widths.map((w) => Math.round(w * 100) / 100)
  rounded[rounded.length - 1] = Math.round((total - sum(rounded.slice(0, -1))) * 100) / 100
  return stats.map((s, i) => ({ width: rounded[i]!, align: s.align }))
}
