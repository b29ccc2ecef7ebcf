import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useController, type Control } from 'react-hook-form'
import { useCommunities } from '../../community/use-communities'
import { useSubgroups } from '../use-survey-results'
import { ClientPicker } from './ClientPicker'
import type { SurveyDraft } from './draft'
import { FormSwitch } from './fields'
import { SubgroupDialogButton } from './SubgroupDialog'

type Item = { id: number; label: string }

const AudienceClients = ({ control }: { control: Control<SurveyDraft> }) => {
  const { field, fieldState } = useController({ control, name: 'target_audience' })
  return (
    <ClientPicker
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
      inputRef={field.ref}
    />
  )
}

type IdsProps = {
  control: Control<SurveyDraft>
  name: 'community_ids' | 'subgroup_ids'
  label: string
  helperText: string
  items: Item[]
  loading: boolean
}

/** Several of a known list (communities, subgroups), kept as their ids. */
const IdsField = ({ control, name, label, helperText, items, loading }: IdsProps) => {
  const { field, fieldState } = useController({ control, name })
  const ids = field.value
  const value = ids.map((id) => items.find((item) => item.id === id) ?? { id, label: `#${id}` })
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={items}
      value={value}
      loading={loading}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      onChange={(_, next) => field.onChange(next.map((item) => item.id))}
      renderValue={(picked, getItemProps) =>
        picked.map((item, index) => {
          const { key, ...props } = getItemProps({ index })
          return <Chip key={key} label={item.label} size="small" {...props} />
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="normal"
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  )
}

/**
 * Who is asked: customers one by one, every member of some communities, subgroups of this survey (once it is saved),
 * and whether anyone with the link may answer. Invited email addresses are given when publishing.
 */
export const AudienceSection = ({ control, surveyId }: { control: Control<SurveyDraft>; surveyId: number | null }) => {
  const communities = useCommunities('')
  const subgroups = useSubgroups(surveyId)
  const communityItems = (communities.data?.pages ?? [])
    .flatMap((page) => page.data)
    .filter((c) => !c.is_archived)
    .map((c) => ({ id: c.community_id, label: c.community_name }))
  const subgroupItems = (subgroups.data ?? []).map((s) => ({ id: s.subgroup_id, label: s.subgroup_name }))
  return (
    <Box component="section" aria-labelledby="survey-audience-heading" sx={{ mt: 4 }}>
      <Typography id="survey-audience-heading" variant="h2" gutterBottom>
        3. Audience
      </Typography>
      <Typography color="text.secondary">
        Leave it empty to let any of your customers answer. You can invite email addresses when you publish.
      </Typography>
      <AudienceClients control={control} />
      <IdsField
        control={control}
        name="community_ids"
        label="Communities"
        helperText="Every member of these communities is asked."
        items={communityItems}
        loading={communities.isPending}
      />
      {surveyId === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Subgroups can be added once the draft is saved.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 280px' }}>
            <IdsField
              control={control}
              name="subgroup_ids"
              label="Subgroups"
              helperText="Groups of customers of this survey; results can be filtered by them."
              items={subgroupItems}
              loading={subgroups.isPending}
            />
          </Box>
          <SubgroupDialogButton surveyId={surveyId} />
        </Box>
      )}
      <Box sx={{ mt: 1 }}>
        <FormSwitch
          control={control}
          name="allow_anonymous"
          label="Anyone with the link may answer, without an account"
        />
      </Box>
      <FormSwitch control={control} name="allow_multiple_responses" label="A respondent may answer more than once" />
    </Box>
  )
}
