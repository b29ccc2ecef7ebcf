import { REPORT_MAX_ROWS, type MessageSender, type Report, type ReportFormat } from '@proxima/contracts'

/** How each report reads in the dashboard: its name, its PDF's title, its rows and what its dates filter. */
export const REPORT_INFO: Record<
  Report,
  { label: string; title: string; rows: string; dates: string; defaultWindow: string; noun: string }
> = {
  chats: {
    label: 'Chats',
    title: 'Chats report',
    rows: 'One row per chat, newest first.',
    dates: 'Created',
    defaultWindow: 'Without dates: chats created in the last 30 days.',
    noun: 'chats',
  },
  messages: {
    label: 'Messages',
    title: 'Messages report',
    rows: 'One row per message, oldest first.',
    dates: 'Sent',
    defaultWindow: 'Without dates: messages sent in the last 30 days.',
    noun: 'messages',
  },
  surveys: {
    label: 'Surveys',
    title: 'Surveys report',
    rows: 'One row per survey, newest first.',
    dates: 'Created',
    defaultWindow: 'Without dates: every survey.',
    noun: 'surveys',
  },
  issues: {
    label: 'Issues',
    title: 'Issues report',
    rows: 'One row per community issue, newest first.',
    dates: 'Raised',
    defaultWindow: 'Without dates: every issue.',
    noun: 'issues',
  },
  threads: {
    label: 'Threads',
    title: 'Threads report',
    rows: 'One row per comment, oldest first.',
    dates: 'Written',
    defaultWindow: 'Without dates: every comment.',
    noun: 'comments',
  },
  'survey-responses': {
    label: 'Survey responses',
    title: 'Survey responses report',
    rows: 'One row per response, oldest first.',
    dates: 'Submitted',
    defaultWindow: 'Without dates: every response.',
    noun: 'responses',
  },
}

export const FORMAT_LABEL: Record<ReportFormat, string> = { csv: 'CSV', pdf: 'PDF' }

/** What each format is for, with its row limit. */
export const FORMAT_HINT: Record<ReportFormat, string> = {
  csv: `For spreadsheets; up to ${REPORT_MAX_ROWS.csv.toLocaleString('en-US')} rows.`,
  pdf: `To read or print; up to ${REPORT_MAX_ROWS.pdf.toLocaleString('en-US')} rows. Preview it before you download.`,
}

export const SENDER_LABEL: Record<MessageSender, string> = {
  client: 'Customer',
  tenant: 'Staff',
  tenant_iva: 'Assistant',
}
