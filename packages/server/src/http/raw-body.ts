/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as it arrived, before parsing (what parsing loses, such as the order of integer-like keys). */
    rawJsonBody?: string
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

type HasRawBody = { rawJsonBody?: string }

/** The request's JSON body text, or null when it had none. */
export function rawJsonBodyOf(req: HasRawBody): string | null {
  return req.rawJsonBody ?? null
}

/**
 * The keys of the object at `field` of the top-level JSON object in `raw`, in the order they are written (each key
 * once, where it first appears), or null when there is no such object. `JSON.parse` puts integer-like keys first
 * in ascending order whatever the text says; this reads the text itself.
 */
export function objectKeysInOrder(raw: string, field: string): string[] | null {
  let i = 0
  const ws = () => {
    while (i < raw.length && ' \t\n\r'.includes(raw[i]!)) i++
  }
  const str = (): string => {
    const start = i
    i++ // opening quote
    while (i < raw.length && raw[i] !== '"') i += raw[i] === '\\' ? 2 : 1
    i++ // closing quote
    return JSON.parse(raw.slice(start, i)) as string
  }
  // Skips one value; for an object, returns its keys when `keys` is asked for.
  const value = (keys = false): string[] | null => {
    ws()
    const c = raw[i]
    if (c === '"') {
      str()
      return null
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      const found: string[] = []
      i++
      ws()
      if (raw[i] === close) {
        i++
        return keys && c === '{' ? found : null
      }
      for (;;) {
        ws()
        if (c === '{') {
          const k = str()
          if (!found.includes(k)) found.push(k)
          ws()
          i++ // colon
        }
        value()
        ws()
        if (raw[i] === ',') {
          i++
          continue
        }
        i++ // closing bracket
        break
      }
      return keys && c === '{' ? found : null
    }
    while (i < raw.length && !',}] \t\n\r'.includes(raw[i]!)) i++
    return null
  }
  try {
    ws()
    if (raw[i] !== '{') return null
    i++
    let result: string[] | null = null
    for (;;) {
      ws()
      if (raw[i] !== '"') return result
      const key = str()
      ws()
      i++ // colon
      ws()
      // A repeated field counts as written last, as JSON.parse takes the last value.
      if (key === field) result = raw[i] === '{' ? value(true) : (value(), null)
      else value()
      ws()
      if (raw[i] !== ',') return result
      i++
    }
  } catch {
    return null
  }
}
