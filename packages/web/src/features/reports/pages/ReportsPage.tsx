import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined'
import { REPORTS, REPORT_COLUMNS, type Report } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { isApiError } from '../../../api/errors'
import { PageHeader } from '../../../ui/PageHeader'
import { DateFields, FieldGrid, FormatChoice, SingleSelect } from '../components/fields'
import { ExportStatus } from '../components/ExportStatus'
import { PreviewSection } from '../components/PreviewSection'
import { ReportFilters } from '../components/ReportFilters'
import { describeExport } from '../export-request'
import { buildReportRequest, emptyReportForm, usesDates, type FieldErrors, type ReportForm } from '../form'
import { REPORT_INFO } from '../labels'
import { useReportExport, type ExportMode } from '../use-report-export'

const REPORT_OPTIONS = REPORTS.map((report) => ({ value: report, label: REPORT_INFO[report].label }))
const reportOf = (value: string | null): Report => REPORTS.find((report) => report === value) ?? 'chats'

/** The columns of a report, as its header row has them. */
const columnsOf = (report: Report) =>
  report === 'survey-responses'
    ? `${REPORT_COLUMNS[report].join(', ')}, then one column per question.`
    : `${REPORT_COLUMNS[report].join(', ')}.`

/**
 * Every report in one form: the report (kept in the address, so a link opens it), its filters, the days and the
 * format. A CSV is saved as it arrives; a PDF is previewed first, then saved from the preview without a second
 * export.
 */
export const ReportsPage = () => {
  const [params, setParams] = useSearchParams()
  // The report lives in the address (a link or "Back" opens it); the rest of the form in the page.
  const report = reportOf(params.get('report'))
  const [draft, setDraft] = useState<ReportForm>(() => emptyReportForm(report))
  const form: ReportForm = { ...draft, report }
  const [errors, setErrors] = useState<FieldErrors>({})
  const exporter = useReportExport()
  const { state } = exporter
  const info = REPORT_INFO[form.report]
  const preview = state.status === 'done' && state.mode === 'preview' ? state : null
  const running = state.status === 'running'

  // A 400 names the fields at fault: they are shown beside those fields, as the form's own checks are.
  const serverErrors: FieldErrors =
    state.status === 'failed' && isApiError(state.error) && state.error.status === 400
      ? Object.fromEntries(Object.entries(state.error.fieldErrors).map(([field, reasons]) => [field, reasons[0]]))
      : {}
  const shown = { ...serverErrors, ...errors }

  const change = (next: ReportForm) => {
    setDraft(next)
    setErrors({})
    // What was made (or refused) was for the filters before; an export under way goes on.
    if (!running) exporter.reset()
  }
  const chooseReport = (value: string) => {
    const next = reportOf(value)
    change({ ...form, report: next })
    setParams(next === 'chats' ? {} : { report: next })
  }
  const start = (mode: ExportMode, current: ReportForm = form) => {
    const built = buildReportRequest(current)
    setErrors(built.ok ? {} : built.errors)
    if (built.ok) void exporter.run(built.request, mode)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    start(form.format === 'pdf' ? 'preview' : 'save')
  }
  const switchToCsv = () => {
    const next: ReportForm = { ...form, format: 'csv' }
    setDraft(next)
    start('save', next)
  }

  return (
    <>
      <PageHeader
        title="Reports"
        description="Export chats, messages, surveys, issues, threads and survey responses: CSV for spreadsheets, PDF to read and print."
      />
      <Paper
        component="form"
        aria-label="Report"
        noValidate
        onSubmit={submit}
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}
      >
        <Box sx={{ display: 'grid', gap: 1, maxWidth: 720 }}>
          <Box sx={{ maxWidth: 320 }}>
            <SingleSelect label="Report" value={form.report} options={REPORT_OPTIONS} onChange={chooseReport} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {info.rows} Columns: {columnsOf(form.report)}
          </Typography>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
            Filters
          </Typography>
          <FieldGrid>
            <ReportFilters form={form} onChange={change} errors={shown} />
            {usesDates(form) ? (
              <DateFields
                dates={info.dates}
                from={form.from}
                to={form.to}
                onChange={(days) => change({ ...form, ...days })}
                hint={info.defaultWindow}
                errors={{ from: shown.from, to: shown.to }}
              />
            ) : null}
          </FieldGrid>
        </Box>
        <FormatChoice value={form.format} onChange={(format) => change({ ...form, format })} />
        {Object.keys(errors).length > 0 ? <Alert severity="error">Check the fields marked in red.</Alert> : null}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {form.format === 'csv' ? (
            <Button type="submit" variant="contained" startIcon={<FileDownloadOutlined />} disabled={running}>
              Download CSV
            </Button>
          ) : (
            <>
              <Button type="submit" variant="contained" startIcon={<VisibilityOutlined />} disabled={running}>
                Preview PDF
              </Button>
              {preview ? null : (
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  disabled={running}
                  onClick={() => start('save')}
                >
                  Download PDF
                </Button>
              )}
            </>
          )}
        </Box>
        <ExportStatus state={state} onCancel={exporter.cancel} onUseCsv={switchToCsv} />
      </Paper>
      {preview ? (
        <PreviewSection
          title={describeExport(preview.request).title}
          file={preview.file}
          onSave={exporter.save}
          onClose={exporter.reset}
          sx={{ mt: 3 }}
        />
      ) : null}
    </>
  )
}
