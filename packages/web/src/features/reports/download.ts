import type { ReportFormat } from '@proxima/contracts'

/*
 * A report's file as it arrives: read chunk by chunk from the response's stream (so the page shows how far it is and
 * stays responsive, and a cancel stops it at once), kept as a Blob, and saved under the server's name.
 */

/** What has arrived so far: bytes, and line breaks (a CSV's rows, give or take quoted line breaks). */
export type Received = { bytes: number; lines: number }

/** The file the server sent and what its headers said. */
export type ReportFile = {
  blob: Blob
  fileName: string
  format: ReportFormat
  /** `X-Report-Rows`: the rows in the file (without the header), or null when the header is missing. */
  rows: number | null
}

/** What the headers say before the body: the rows to come and the length, when the server gives it. */
export type Expected = { rows: number | null; length: number | null }

const LINE_FEED = 0x0a

/** The line feeds in a chunk. */
export function countLineBreaks(chunk: Uint8Array): number {
  let count = 0
  for (let i = chunk.indexOf(LINE_FEED); i !== -1; i = chunk.indexOf(LINE_FEED, i + 1)) count += 1
  return count
}

/** Decodes RFC 8187's `charset'language'percent-encoded` form; UTF-8 and ISO-8859-1 are the charsets it allows. */
function decodeExtended(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value)
  if (!match) return null
  const [, charset = '', encoded = ''] = match
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded)
    if (charset.toLowerCase() === 'iso-8859-1')
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  } catch {
    return null
  }
  return null
}

/** A header parameter's value: a quoted string unescaped, or a token as is. */
const unquote = (value: string) =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value

/** Only a name: no folders, no control characters, no leading dots (a hidden file); null when nothing is left. */
function safeName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? ''
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/^\.+/, '')
    .trim()
  return clean === '' ? null : clean
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (UTF-8, percent-encoded) when it is there
 * and readable, else `filename`; null when neither gives a usable name.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const params = new Map<string, string>()
  // Parameters are `; name=value`, a value being a token or a quoted string that may hold semicolons.
  for (const match of header.matchAll(/;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const name = match[1]?.toLowerCase()
    if (name && !params.has(name)) params.set(name, (match[2] ?? '').trim())
  }
  const extended = params.get('filename*')
  const fromExtended = extended === undefined ? null : decodeExtended(unquote(extended))
  if (fromExtended !== null) {
    const name = safeName(fromExtended)
    if (name) return name
  }
  const plain = params.get('filename')
  return plain === undefined ? null : safeName(unquote(plain))
}

const headerNumber = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : null
}

/** The rows (`X-Report-Rows`) and the length (`Content-Length`) a response announces. */
export const expectedOf = (response: Response): Expected => ({
  rows: headerNumber(response.headers.get('X-Report-Rows')),
  // A compressed answer's length is not what the stream hands over, so it is no measure of progress.
  length: response.headers.get('Content-Encoding') ? null : headerNumber(response.headers.get('Content-Length')),
})

/**
 * Reads the body chunk by chunk, telling `onReceived` after each one; the response's signal (the fetch's) stops it.
 * Without a readable stream the body is read whole.
 */
export async function readReport(
  response: Response,
  format: ReportFormat,
  fallbackName: string,
  onReceived: (received: Received) => void,
): Promise<ReportFile> {
  const type = response.headers.get('Content-Type') ?? (format === 'csv' ? 'text/csv' : 'application/pdf')
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName
  const { rows } = expectedOf(response)
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const received: Received = { bytes: 0, lines: 0 }
  if (!response.body) {
    const blob = await response.blob()
    onReceived({ bytes: blob.size, lines: 0 })
    return { blob, fileName, format, rows }
  }
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      received.bytes += value.byteLength
      if (format === 'csv') received.lines += countLineBreaks(value)
      onReceived({ ...received })
    }
  } finally {
    reader.releaseLock()
  }
  return { blob: new Blob(chunks, { type }), fileName, format, rows }
}

/**
 * Saves a file as the browser saves a download: a link to an object URL, clicked. The URL is let go a minute later,
 * not at once: the browser reads it after the click has been handled, and a revoked URL would save nothing.
 */
export function saveFile({ blob, fileName }: Pick<ReportFile, 'blob' | 'fileName'>) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
