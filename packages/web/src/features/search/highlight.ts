export type Segment = { text: string; marked: boolean }

/**
 * Cuts a snippet into plain and highlighted parts from the server's [start, end) character offsets. Offsets out of
 * range are clamped, empty or reversed ones dropped and overlapping ones merged, so any input yields the snippet's
 * text exactly once. The parts are rendered as text: nothing from the server is ever read as HTML.
 */
export const highlightSegments = (snippet: string, highlights: readonly (readonly [number, number])[]): Segment[] => {
  const ranges = highlights
    .map(([start, end]) => [Math.max(0, Math.min(start, snippet.length)), Math.max(0, Math.min(end, snippet.length))])
    .filter(([start = 0, end = 0]) => Number.isInteger(start) && Number.isInteger(end) && end > start)
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))

  const merged: [number, number][] = []
  for (const [start = 0, end = 0] of ranges) {
    const last = merged[merged.length - 1]
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }

  const segments: Segment[] = []
  let at = 0
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: snippet.slice(at, start), marked: false })
    segments.push({ text: snippet.slice(start, end), marked: true })
    at = end
  }
  if (at < snippet.length) segments.push({ text: snippet.slice(at), marked: false })
  return segments
}
