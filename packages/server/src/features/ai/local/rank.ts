/**
 * Sentence ranking for the summariser: TF-IDF vectors over stems, cosine similarity, TextRank (PageRank over the
 * similarity graph) and similarity to a weighted centroid.
 */

export type Vector = Map<string, number>

/** L2-normalised TF-IDF vectors, one per document (a document is a list of stems). */
export function tfidf(docs: string[][]): Vector[] {
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1)
  const n = docs.length
  return docs.map((d) => {
    const v: Vector = new Map()
    for (const t of d) v.set(t, (v.get(t) ?? 0) + 1)
    let norm = 0
    for (const [t, tf] of v) {
      const w = (1 + Math.log(tf)) * (Math.log((n + 1) / (df.get(t)! + 0.5)) + 1)
      v.set(t, w)
      norm += w * w
    }
    norm = Math.sqrt(norm) || 1
    for (const [t, w] of v) v.set(t, w / norm)
    return v
  })
}

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let dot = 0
  for (const [t, w] of small) {
    const o = large.get(t)
    if (o !== undefined) dot += w * o
  }
  return dot
}

/** TextRank scores in 0..1 (the best sentence is 1); above `limit` sentences the graph is skipped (all 1). */
export function textRank(vectors: Vector[], limit = 400, iterations = 30, damping = 0.85): number[] {
  const n = vectors.length
  if (n === 0) return []
  if (n > limit) return vectors.map(() => 1)
  const sim: number[][] = vectors.map(() => new Array<number>(n).fill(0))
  const out = new Array<number>(n).fill(0)
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const s = cosine(vectors[i]!, vectors[j]!)
      sim[i]![j] = s
      sim[j]![i] = s
      out[i]! += s
      out[j]! += s
    }
  let score = new Array<number>(n).fill(1 / n)
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n)
    for (let j = 0; j < n; j++) {
      if (out[j] === 0) continue
      const share = (damping * score[j]!) / out[j]!
      const row = sim[j]!
      for (let i = 0; i < n; i++) if (row[i]) next[i]! += share * row[i]!
    }
    score = next
  }
  const max = Math.max(...score) || 1
  return score.map((s) => s / max)
}

/** Cosine similarity of each vector to the weighted centroid, scaled to 0..1. */
export function centroidScores(vectors: Vector[], weights: number[]): number[] {
  const c: Vector = new Map()
  vectors.forEach((v, i) => {
    for (const [t, w] of v) c.set(t, (c.get(t) ?? 0) + w * (weights[i] ?? 1))
  })
  let norm = 0
  for (const w of c.values()) norm += w * w
  norm = Math.sqrt(norm) || 1
  for (const [t, w] of c) c.set(t, w / norm)
  const scores = vectors.map((v) => cosine(v, c))
  const max = Math.max(0, ...scores) || 1
  return scores.map((s) => s / max)
}
