import { describe, expect, it } from 'vitest'
import { countLineBreaks, expectedOf, fileNameFromDisposition, readReport, type Received } from './download'

describe('the file name of a Content-Disposition header', () => {
  it('prefers filename* (UTF-8, percent-encoded) to the plain filename, as the server sends both', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="proxima-chats-acme-20261127-1140.csv"; filename*=UTF-8''proxima-chats-acme-20261127-1140.csv`,
      ),
    ).toBe('proxima-chats-acme-20261127-1140.csv')
    expect(
      fileNameFromDisposition(
        `attachment; filename="proxima-chats-caf-.csv"; filename*=utf-8''proxima-chats-caf%C3%A9.csv`,
      ),
    ).toBe('proxima-chats-café.csv')
  })

  it('reads the charset case-insensitively, skips a language tag and decodes ISO-8859-1', () => {
    expect(fileNameFromDisposition(`attachment; FILENAME*=UTF-8'en'r%C3%A9sum%C3%A9.pdf`)).toBe('résumé.pdf')
    expect(fileNameFromDisposition(`attachment; filename*=iso-8859-1''caf%E9.csv`)).toBe('café.csv')
  })

  it('falls back to filename when filename* cannot be read', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''bad%E0%A4.csv; filename="good.csv"`)).toBe('good.csv')
    expect(fileNameFromDisposition(`attachment; filename*=KOI8-R''x.csv; filename=plain.csv`)).toBe('plain.csv')
  })

  it('unquotes a quoted name, keeping semicolons and escaped quotes inside it', () => {
    expect(fileNameFromDisposition(`attachment; filename="a; \\"b\\".csv"`)).toBe('a; "b".csv')
  })

  it('keeps only the name: no folders, no control characters, no leading dots', () => {
    expect(fileNameFromDisposition(`attachment; filename="../../etc/passwd"`)).toBe('passwd')
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Freport%0A.csv`)).toBe('report.csv')
    expect(fileNameFromDisposition(`attachment; filename=".hidden.csv"`)).toBe('hidden.csv')
  })

  it('answers null without a header or a usable name', () => {
    expect(fileNameFromDisposition(null)).toBeNull()
    expect(fileNameFromDisposition('attachment')).toBeNull()
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull()
  })
})

describe('a report as it arrives', () => {
  const encoder = new TextEncoder()
  const streamOf = (parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part))
        controller.close()
      },
    })

  it('counts line feeds, the rows of a CSV', () => {
    expect(countLineBreaks(encoder.encode('a,b\r\n1,2\r\n3,4\r\n'))).toBe(3)
    expect(countLineBreaks(encoder.encode('no break'))).toBe(0)
    expect(countLineBreaks(new Uint8Array())).toBe(0)
  })

  it("reads the rows and length the headers announce; a compressed length is not the stream's", () => {
    const plain = new Response('x', { headers: { 'X-Report-Rows': '1200', 'Content-Length': '5000' } })
    expect(expectedOf(plain)).toEqual({ rows: 1200, length: 5000 })
    const compressed = new Response('x', {
      headers: { 'X-Report-Rows': '3', 'Content-Length': '10', 'Content-Encoding': 'br' },
    })
    expect(expectedOf(compressed)).toEqual({ rows: 3, length: null })
    expect(expectedOf(new Response('x'))).toEqual({ rows: null, length: null })
  })

  it("reads the body chunk by chunk, telling the bytes and line breaks so far, and keeps the server's name", async () => {
    const parts = ['\uFEFFChat ID,Status\r\n', '1,open\r\n2,', 'resolved\r\n']
    const response = new Response(streamOf(parts), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="x.csv"; filename*=UTF-8''proxima-chats-acme-20261127-1140.csv`,
        'X-Report-Rows': '2',
      },
    })
    const seen: Received[] = []
    const file = await readReport(response, 'csv', 'proxima-chats.csv', (received) => seen.push(received))
    expect(file.fileName).toBe('proxima-chats-acme-20261127-1140.csv')
    expect(file.rows).toBe(2)
    expect(file.blob.type).toBe('text/csv; charset=utf-8')
    // Bytes, not text: reading as text would drop the byte-order mark.
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(encoder.encode(parts.join('')))
    expect(seen.map((s) => s.lines)).toEqual([1, 2, 3])
    expect(seen.at(-1)?.bytes).toBe(encoder.encode(parts.join('')).byteLength)
  })

  it('names the file itself when the server gave no name', async () => {
    const file = await readReport(new Response(streamOf(['%PDF-1.7'])), 'pdf', 'proxima-chats.pdf', () => {})
    expect(file.fileName).toBe('proxima-chats.pdf')
    expect(file.rows).toBeNull()
  })
})
