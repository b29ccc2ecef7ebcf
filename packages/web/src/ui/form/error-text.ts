/**
 * The sentence of a field's error. A field whose value is a list or an object (keywords, a week's hours) can hold
 * its reasons deeper, per item (`keywords.3`): then the first of those.
 */
export const errorText = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined
  const { message } = error as { message?: unknown }
  if (typeof message === 'string' && message) return message
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue
    const text = errorText(nested)
    if (text) return text
  }
  return undefined
}

/** The part of a field's error about one item or member of its value (`[2, 'ranges', 0]`), if any. */
export const errorAt = (error: unknown, path: readonly (string | number)[]): unknown => {
  let at: unknown = error
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined
    at = (at as Record<string | number, unknown>)[key]
  }
  return at
}
