import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import LockOutlined from '@mui/icons-material/LockOutlined'
import type { Ref } from 'react'
import type { ControllerFieldState } from 'react-hook-form'
import { useCommunities } from '../../community/use-communities'
import { useSubgroups } from '../use-survey-results'
import { ClientPicker, keepFixed, type ClientPick } from './ClientPicker'
import { SubgroupDialogButton } from './SubgroupDialog'

/** A form field as a picker holds it: its value, how it changes, its error and where focus goes for that error. */
export type Binding<V> = {
  value: V
  onChange: (value: V) => void
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/** A `useController` result as a picker's binding. */
export const bind = <V,>({
  field,
  fieldState,
}: {
  field: { value: V; onChange: (value: V) => void; ref: Ref<HTMLInputElement> }
  fieldState: ControllerFieldState
}): Binding<V> => ({
  value: field.value,
  onChange: field.onChange,
  error: fieldState.error?.message,
  inputRef: field.ref,
})

/** Who is already asked (a published survey's audience): they stay, only additions are possible. */
export type FixedAudience = { clients: number[]; communities: number[]; subgroups: number[] }

type Item = { id: number; label: string }

type IdsProps = Binding<number[]> & {
  label: string
  helperText: string
  items: Item[]
  loading: boolean
  fixed: readonly number[]
}

/** Several of a known list (communities, subgroups), kept as their ids; the fixed ones cannot be removed. */
const IdsPicker = ({ value, onChange, error, inputRef, label, helperText, items, loading, fixed }: IdsProps) => {
  const picked = value.map((id) => items.find((item) => item.id === id) ?? { id, label: `#${id}` })
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={items}
      value={picked}
      loading={loading}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      onChange={(_, next) => onChange(keepFixed(picked, next, fixed, (item) => item.id).map((item) => item.id))}
      renderValue={(chips, getItemProps) =>
        chips.map((item, index) => {
          const { key, onDelete, ...props } = getItemProps({ index })
          return fixed.includes(item.id) ? (
            <Chip key={key} label={item.label} size="small" icon={<LockOutlined />} {...props} />
          ) : (
            <Chip key={key} label={item.label} size="small" onDelete={onDelete} {...props} />
          )
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="normal"
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  )
}

type Props = {
  clients: Binding<ClientPick[]>
  communities: Binding<number[]>
  subgroups: Binding<number[]>
  /** Subgroups belong to a saved survey: without one, none can be picked. */
  surveyId: number | null
  /** Offer "New subgroup" next to the subgroups (the editor; the results page has its own section). */
  newSubgroup?: boolean
  fixed?: FixedAudience
}

/**
 * Who is asked: customers one by one, every member of some communities, and subgroups of this survey. Used by the
 * editor of a draft and, with the audience already asked fixed, by the changes to a published survey.
 */
export const AudiencePickers = ({ clients, communities, subgroups, surveyId, newSubgroup = false, fixed }: Props) => {
  const communityList = useCommunities('')
  const subgroupList = useSubgroups(surveyId)
  const communityItems = (communityList.data?.pages ?? [])
    .flatMap((page) => page.data)
    .filter((c) => !c.is_archived || fixed?.communities.includes(c.community_id))
    .map((c) => ({ id: c.community_id, label: c.community_name }))
  const subgroupItems = (subgroupList.data ?? []).map((s) => ({ id: s.subgroup_id, label: s.subgroup_name }))
  return (
    <>
      <ClientPicker {...clients} fixed={fixed?.clients ?? []} />
      <IdsPicker
        {...communities}
        label="Communities"
        helperText="Every member of these communities is asked."
        items={communityItems}
        loading={communityList.isPending}
        fixed={fixed?.communities ?? []}
      />
      {surveyId === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Subgroups can be added once the draft is saved.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <IdsPicker
              {...subgroups}
              label="Subgroups"
              helperText="Groups of customers of this survey; results can be filtered by them."
              items={subgroupItems}
              loading={subgroupList.isPending}
              fixed={fixed?.subgroups ?? []}
            />
          </Box>
          {newSubgroup ? <SubgroupDialogButton surveyId={surveyId} /> : null}
        </Box>
      )}
    </>
  )
}
