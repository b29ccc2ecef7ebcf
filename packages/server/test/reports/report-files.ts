import { parse } from 'csv-parse/sync'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect } from 'vitest'
import type { TestApp } from '../app.js'

/*
 * Reading report files back in tests: a CSV reply's rows, and a PDF's pages (each page's text, its link targets and its
 * size, read with pdf.js as a PDF viewer reads it).
 */

type Reply = Awaited<ReturnType<TestApp['inject']>>

/** The CSV of a reply: its rows (header first), after checking the status, type, byte-order mark and CRLF ends. */
export function csvRows(res: Reply): string[][] {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  const body = res.rawPayload.toString('utf8')
  expect(body.startsWith('\uFEFF')).toBe(true)
  expect(body.endsWith('\r\n')).toBe(true)
  const rows: unknown = parse(body.slice(1))
  return rows as string[][]
}

/** The pages of a PDF reply, after checking it is one. */
export async function pdfPages(res: Reply): Promise<PdfPage[]> {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  return readPdf(res.rawPayload)
}

export type PdfPage = { text: string; squashed: string; links: string[]; width: number; height: number }

/** Text without any white space (a cell wrapped over lines reads back with spaces where it broke). */
export const squash = (text: string) => text.replace(/\s+/g, '')

/** Every page's (or the last page's) text, items joined by spaces (`squashed`: without white space), and links. */
export async function readPdf(pdf: Buffer | Uint8Array, which: 'all' | 'last' = 'all'): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true }).promise
  const pages: PdfPage[] = []
  const numbers = which === 'last' ? [doc.numPages] : Array.from({ length: doc.numPages }, (_, i) => i + 1)
  for (const n of numbers) {
    const page = await doc.getPage(n)
    const content = await page.getTextContent()
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
    const links = (await page.getAnnotations()).filter((a) => a.subtype === 'Link').map((a) => String(a.url))
    const [, , width = 0, height = 0] = page.view
    pages.push({ text, squashed: squash(text), links, width, height })
  }
  await doc.destroy()
  return pages
}
