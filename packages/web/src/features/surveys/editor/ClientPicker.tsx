import Autocomplete from '@mui/material/Autocomplete'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import LockOutlined from '@mui/icons-material/LockOutlined'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Ref } from 'react'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { searchClients, surveyKeys, type StaffClient } from '../api'

export type ClientPick = { id: number; label: string }

type Props = {
  value: ClientPick[]
  onChange: (clients: ClientPick[]) => void
  label?: string
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
  helperText?: string
  /** Customers already in the value that stay: shown without a way to remove them. */
  fixed?: readonly number[]
}

/** The picked items, the fixed ones kept first whatever the change (a deleted chip, Backspace, the clear button). */
export const keepFixed = <T,>(
  before: readonly T[],
  next: readonly T[],
  fixed: readonly number[],
  idOf: (item: T) => number,
) => [...before.filter((item) => fixed.includes(idOf(item))), ...next.filter((item) => !fixed.includes(idOf(item)))]

const labelOf = (c: StaffClient): string => {
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ').trim()
  return name ? `${name} (${c.email})` : c.email || c.username
}

/** Customers picked one by one: typing two or more characters searches the organisation's customers (§13.2). */
export const ClientPicker = ({
  value,
  onChange,
  label = 'Customers',
  error,
  inputRef,
  helperText = 'Search by name, email or phone and pick customers one by one.',
  fixed = [],
}: Props) => {
  const [input, setInput] = useState('')
  const search = useDebouncedValue(input.trim(), 300)
  const found = useQuery({
    queryKey: surveyKeys.clients(search),
    queryFn: ({ signal }) => searchClients(search, signal),
    enabled: search.length >= 2,
  })
  const options: ClientPick[] = (found.data ?? []).map((c) => ({ id: c.id, label: labelOf(c) }))
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={options}
      value={value}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      inputValue={input}
      onInputChange={(_, text, reason) => setInput(reason === 'reset' ? '' : text)}
      onChange={(_, next) => onChange(keepFixed(value, next, fixed, (c) => c.id))}
      loading={found.isFetching}
      noOptionsText={
        search.length < 2
          ? 'Type at least 2 characters of a name, email or phone.'
          : found.isError
            ? 'Customers could not be searched. Try again.'
            : 'No customer matches.'
      }
      renderValue={(picked, getItemProps) =>
        picked.map((client, index) => {
          const { key, onDelete, ...props } = getItemProps({ index })
          return fixed.includes(client.id) ? (
            <Chip key={key} label={client.label} size="small" icon={<LockOutlined />} {...props} />
          ) : (
            <Chip key={key} label={client.label} size="small" onDelete={onDelete} {...props} />
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
