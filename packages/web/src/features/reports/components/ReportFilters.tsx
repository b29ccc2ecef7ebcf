import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import type { Channel, ChatStatus, MessageSender, SurveyStatus } from '@proxima/contracts'
import { useId } from 'react'
import { useStaffOptions, useTopicOptions } from '../../analytics/filter-options'
import { CHANNEL_LABEL, STATUS_LABEL } from '../../chats/format'
import { STATUS_LABELS as SURVEY_STATUS_LABELS } from '../../surveys/format'
import { useSubgroups } from '../../surveys/use-survey-results'
import { communityChoices, issueChoices, surveyChoices } from '../api'
import type { FieldErrors, ReportForm, SolvedChoice, ThreadScope } from '../form'
import { SENDER_LABEL } from '../labels'
import { ChoicePick, MultiSelect, SingleSelect } from './fields'

type Props = { form: ReportForm; onChange: (next: ReportForm) => void; errors: FieldErrors }

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }))

const CHAT_STATUSES = options<ChatStatus>(STATUS_LABEL)
const CHANNELS = options<Channel>(CHANNEL_LABEL)
const SENDERS = options<MessageSender>(SENDER_LABEL)
const SURVEY_STATUSES = options<SurveyStatus>(SURVEY_STATUS_LABELS)
const SOLVED: { value: SolvedChoice; label: string }[] = [
  { value: '', label: 'Solved and open' },
  { value: 'solved', label: 'Solved' },
  { value: 'open', label: 'Open' },
]

/** A chat or thread number: digits only, as typed. */
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 15)

const ChatsFilters = ({ form, onChange, errors }: Props) => {
  const staff = useStaffOptions(true)
  const topics = useTopicOptions(true)
  const f = form.chats
  const set = (next: Partial<ReportForm['chats']>) => onChange({ ...form, chats: { ...f, ...next } })
  return (
    <>
      <MultiSelect
        label="Status"
        allLabel="Every status"
        options={CHAT_STATUSES}
        value={f.status}
        onChange={(status) => set({ status })}
        error={errors.status}
      />
      <MultiSelect
        label="Channels"
        allLabel="All channels"
        options={CHANNELS}
        value={f.channel}
        onChange={(channel) => set({ channel })}
        error={errors.channel}
      />
      <SingleSelect
        label="Assignee"
        value={f.assignee}
        onChange={(assignee) => set({ assignee })}
        options={[
          { value: '', label: 'Anyone' },
          { value: 'none', label: 'Unassigned' },
          ...(staff.options ?? []).map((o) => ({ value: String(o.id), label: o.label })),
        ]}
        helperText={staff.loading ? 'Loading the staff…' : undefined}
        error={errors.assignee}
      />
      <SingleSelect
        label="Topic"
        value={f.topic}
        onChange={(topic) => set({ topic })}
        options={[
          { value: '', label: 'All topics' },
          ...(topics.options ?? []).map((o) => ({ value: String(o.id), label: o.label })),
        ]}
        helperText={topics.loading ? 'Loading the topics…' : undefined}
        error={errors.topic_id}
      />
    </>
  )
}

const MessagesFilters = ({ form, onChange, errors }: Props) => {
  const f = form.messages
  const set = (next: Partial<ReportForm['messages']>) => onChange({ ...form, messages: { ...f, ...next } })
  return (
    <>
      <TextField
        size="small"
        margin="none"
        label="Chat number"
        value={f.chatId}
        onChange={(event) => set({ chatId: digits(event.target.value) })}
        error={Boolean(errors.chat_id)}
        helperText={errors.chat_id ?? "One chat's whole conversation; leave empty to use the dates."}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <MultiSelect
        label="Channels"
        allLabel="All channels"
        options={CHANNELS}
        value={f.channel}
        onChange={(channel) => set({ channel })}
        error={errors.channel}
      />
      <MultiSelect
        label="Sent by"
        allLabel="Everyone"
        options={SENDERS}
        value={f.sender}
        onChange={(sender) => set({ sender })}
        error={errors.sender}
      />
    </>
  )
}

const SurveysFilters = ({ form, onChange, errors }: Props) => (
  <MultiSelect
    label="Status"
    allLabel="Every status"
    options={SURVEY_STATUSES}
    value={form.surveys.status}
    onChange={(status) => onChange({ ...form, surveys: { status } })}
    error={errors.status}
  />
)

const IssuesFilters = ({ form, onChange, errors }: Props) => {
  const f = form.issues
  const set = (next: Partial<ReportForm['issues']>) => onChange({ ...form, issues: { ...f, ...next } })
  return (
    <>
      <ChoicePick
        label="Community"
        allLabel="All communities"
        value={f.community}
        onChange={(community) => set({ community })}
        source={communityChoices}
        error={errors.community_id}
      />
      <SingleSelect
        label="State"
        value={f.solved}
        onChange={(solved) => set({ solved: solved === 'solved' || solved === 'open' ? solved : '' })}
        options={SOLVED}
        error={errors.solved}
      />
    </>
  )
}

const SCOPES: { value: ThreadScope; label: string }[] = [
  { value: 'community', label: 'A community' },
  { value: 'issue', label: 'An issue' },
  { value: 'thread', label: 'One thread' },
]

const ThreadsFilters = ({ form, onChange, errors }: Props) => {
  const id = useId()
  const f = form.threads
  const set = (next: Partial<ReportForm['threads']>) => onChange({ ...form, threads: { ...f, ...next } })
  return (
    <>
      <FormControl component="fieldset" margin="none" sx={{ gridColumn: '1 / -1' }}>
        <FormLabel component="legend" id={id}>
          Comments of
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={id}
          value={f.scope}
          onChange={(event) => set({ scope: SCOPES.find((s) => s.value === event.target.value)?.value ?? 'community' })}
        >
          {SCOPES.map((scope) => (
            <FormControlLabel key={scope.value} value={scope.value} control={<Radio />} label={scope.label} />
          ))}
        </RadioGroup>
        <FormHelperText sx={{ mx: 0 }}>Every issue of a community has one thread of comments.</FormHelperText>
      </FormControl>
      {f.scope !== 'thread' ? (
        <ChoicePick
          label="Community"
          required={f.scope === 'community'}
          value={f.community}
          // Another community's issue is no longer a choice.
          onChange={(community) => set({ community, issue: community?.id === f.community?.id ? f.issue : null })}
          source={communityChoices}
          error={f.scope === 'community' ? errors.community_id : undefined}
          helperText={f.scope === 'issue' ? 'Choose a community to list its issues.' : undefined}
        />
      ) : null}
      {f.scope === 'issue' ? (
        <ChoicePick
          label="Issue"
          required
          value={f.issue}
          onChange={(issue) => set({ issue })}
          source={issueChoices(f.community?.id ?? null)}
          disabled={!f.community}
          error={errors.issue_id}
        />
      ) : null}
      {f.scope === 'thread' ? (
        <TextField
          size="small"
          margin="none"
          required
          label="Thread number"
          value={f.threadId}
          onChange={(event) => set({ threadId: digits(event.target.value) })}
          error={Boolean(errors.thread_id)}
          helperText={errors.thread_id}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      ) : null}
    </>
  )
}

const SurveyResponsesFilters = ({ form, onChange, errors }: Props) => {
  const f = form['survey-responses']
  const subgroups = useSubgroups(f.survey?.id ?? null)
  const set = (next: Partial<ReportForm['survey-responses']>) =>
    onChange({ ...form, 'survey-responses': { ...f, ...next } })
  return (
    <>
      <ChoicePick
        label="Survey"
        required
        value={f.survey}
        onChange={(survey) => set({ survey, subgroup: '' })}
        source={surveyChoices}
        error={errors.survey_id}
      />
      <SingleSelect
        label="Respondents"
        value={f.subgroup}
        onChange={(subgroup) => set({ subgroup })}
        disabled={!f.survey}
        options={[
          { value: '', label: 'Everyone' },
          ...(subgroups.data ?? []).map((s) => ({
            value: String(s.subgroup_id),
            label: `Subgroup: ${s.subgroup_name}`,
          })),
        ]}
        helperText={f.survey && subgroups.isPending ? 'Loading the subgroups…' : undefined}
        error={errors.subgroup_id}
      />
    </>
  )
}

/** The fields of the chosen report's own filters (the dates and the format are the form's). */
export const ReportFilters = (props: Props) => {
  switch (props.form.report) {
    case 'chats':
      return <ChatsFilters {...props} />
    case 'messages':
      return <MessagesFilters {...props} />
    case 'surveys':
      return <SurveysFilters {...props} />
    case 'issues':
      return <IssuesFilters {...props} />
    case 'threads':
      return <ThreadsFilters {...props} />
    case 'survey-responses':
      return <SurveyResponsesFilters {...props} />
  }
}
