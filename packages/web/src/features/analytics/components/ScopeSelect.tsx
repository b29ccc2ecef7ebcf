import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'

type Props = {
  label: string
  allLabel: string
  value: number | null
  options: { id: number; name: string }[] | undefined
  loading: boolean
  onChange: (id: number | null) => void
}

/** Which community or survey a page is about, or all of them; an id not in the list still shows as itself. */
export const ScopeSelect = ({ label, allLabel, value, options, loading, onChange }: Props) => {
  const list = options ?? []
  const missing = value !== null && !list.some((o) => o.id === value)
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      helperText={loading ? 'Loading the list…' : undefined}
      sx={{ minWidth: { xs: '100%', sm: 280 }, mb: 2 }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {missing ? <MenuItem value={String(value)}>#{value}</MenuItem> : null}
      {list.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  )
}
