import { useCallback, useEffect, useRef, useState } from 'react'
import { openExport } from './api'
import { expectedOf, readReport, saveFile, type ReportFile } from './download'
import { describeExport, type ExportRequest } from './export-request'
import type { Progress } from './progress'

/** What an export is doing: waiting for the server (progress null), receiving, failed, cancelled, or done. */
export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; request: ExportRequest; progress: Progress | null }
  | { status: 'failed'; request: ExportRequest; error: unknown }
  | { status: 'cancelled'; request: ExportRequest }
  /** `saved`: the file went to the browser's downloads; `mode` 'preview': it is shown, and saved on demand. */
  | { status: 'done'; request: ExportRequest; file: ReportFile; mode: ExportMode; saved: boolean }

/** Save the file as soon as it has arrived, or keep it for the preview (a PDF) until the user saves it. */
export type ExportMode = 'save' | 'preview'

/** Progress is drawn at most this often: a fast download hands over many chunks a second. */
const PROGRESS_EVERY_MS = 100

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

type Options = {
  /** Told once a file has gone to the browser's downloads. */
  onSaved?: (file: ReportFile) => void
}

/**
 * One export at a time: a new one, a cancel or leaving the screen aborts the one under way (the server then frees
 * its place among the organization's two running exports).
 */
export function useReportExport({ onSaved }: Options = {}) {
  const [state, setState] = useState<ExportState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)
  // The latest callback, for an export that ends renders after it started.
  const saved = useRef(onSaved)
  useEffect(() => {
    saved.current = onSaved
  })

  useEffect(() => () => controller.current?.abort(), [])

  const run = useCallback(async (request: ExportRequest, mode: ExportMode) => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setState({ status: 'running', request, progress: null })
    try {
      const { format, fallbackName, countsRows } = describeExport(request)
      const response = await openExport(request, current.signal)
      // A chunk read just before a cancel is still handed over: it must not bring the bar back.
      const live = () => !current.signal.aborted
      const expected = expectedOf(response)
      const base: Progress = { ...expected, rows: countsRows ? expected.rows : null, bytes: 0, lines: 0, format }
      if (live()) setState({ status: 'running', request, progress: base })
      let shown = 0
      const read = await readReport(response, format, fallbackName, (got) => {
        const now = performance.now()
        if (!live() || now - shown < PROGRESS_EVERY_MS) return
        shown = now
        setState({ status: 'running', request, progress: { ...base, ...got } })
      })
      if (!live()) return
      // A sheet rather than a list: whatever `X-Report-Rows` says, no rows are shown for it.
      const file: ReportFile = countsRows ? read : { ...read, rows: null }
      setState({ status: 'done', request, file, mode, saved: mode === 'save' })
      if (mode === 'save') {
        saveFile(file)
        saved.current?.(file)
      }
    } catch (error) {
      // A cancel has already said so; an export replaced by a newer one says nothing.
      if (isAbort(error) || current.signal.aborted) return
      setState({ status: 'failed', request, error })
    } finally {
      if (controller.current === current) controller.current = null
    }
  }, [])

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setState((previous) =>
      previous.status === 'running' ? { status: 'cancelled', request: previous.request } : previous,
    )
  }, [])

  /** Saves the file being previewed. */
  const save = useCallback(() => {
    if (state.status !== 'done') return
    saveFile(state.file)
    setState({ ...state, saved: true })
    saved.current?.(state.file)
  }, [state])

  const reset = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setState({ status: 'idle' })
  }, [])

  return { state, run, cancel, save, reset }
}

export type ReportExport = ReturnType<typeof useReportExport>
