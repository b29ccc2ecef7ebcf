import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Refresh from '@mui/icons-material/Refresh'
import type { Channel, Granularity } from '@proxima/contracts'
import { useMemo } from 'react'
import { timeZoneNames, utcOffset } from '../../business-hours/time-zones'
import type { AnalyticsContext } from '../context'
import {
  CHANNELS,
  CHANNEL_LABELS,
  GRANULARITY_LABELS,
  PERIODS,
  PERIOD_LABELS,
  addDays,
  granularitiesFor,
  localDate,
  type Period,
} from '../view'

const field = { width: { xs: '100%', sm: 190 } }

/**
 * The filters every analytics page shares: period (or custom dates), time zone, channels, granularity of series and
 * the comparison with the previous period. Every change goes to the URL.
 */
export const FilterBar = ({ ctx, showGranularity }: { ctx: AnalyticsContext; showGranularity: boolean }) => {
  const { view, update, timeZone, span, granularity, refresh } = ctx
  const zones = useMemo(() => {
    const now = new Date()
    return timeZoneNames(timeZone).map((zone) => ({
      zone,
      label: zone === 'UTC' ? 'UTC' : `${zone.replace(/_/g, ' ')} (${utcOffset(zone, now)})`,
    }))
  }, [timeZone])
  const zone = zones.find((z) => z.zone === timeZone) ?? null
  const today = localDate(new Date(), timeZone)

  const choosePeriod = (period: Period) => {
    if (period !== 'custom') return update({ period, from: null, to: null })
    update({ period, from: view.from ?? addDays(today, -29), to: view.to ?? today })
  }

  return (
    <Box
      role="search"
      aria-label="Analytics filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}
    >
      <TextField
        select
        size="small"
        label="Period"
        value={view.period}
        onChange={(e) => choosePeriod(e.target.value as Period)}
        sx={field}
      >
        {PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {PERIOD_LABELS[p]}
          </MenuItem>
        ))}
      </TextField>
      {view.period === 'custom' ? (
        <>
          <TextField
            size="small"
            type="date"
            label="From"
            value={view.from ?? ''}
            onChange={(e) => {
              if (e.target.value) update({ from: e.target.value })
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: view.to ?? today } }}
            sx={field}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={view.to ?? ''}
            onChange={(e) => {
              if (e.target.value) update({ to: e.target.value })
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.from ?? undefined } }}
            sx={field}
          />
        </>
      ) : null}
      <Autocomplete
        size="small"
        options={zones}
        value={zone}
        onChange={(_, option) => {
          if (option) update({ timezone: option.zone })
        }}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.zone === b.zone}
        disableClearable={zone !== null}
        sx={{ width: { xs: '100%', sm: 280 } }}
        renderInput={(params) => <TextField {...params} label="Time zone" />}
      />
      <TextField
        select
        size="small"
        label="Channels"
        value={view.channels}
        onChange={(e) => {
          const value = e.target.value as unknown as Channel[] | string
          update({ channels: (typeof value === 'string' ? value.split(',') : value) as Channel[] })
        }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const list = selected as Channel[]
              return list.length === 0 ? 'All channels' : list.map((c) => CHANNEL_LABELS[c]).join(', ')
            },
          },
          inputLabel: { shrink: true },
        }}
        sx={{ width: { xs: '100%', sm: 240 } }}
      >
        {CHANNELS.map((c) => (
          <MenuItem key={c} value={c}>
            <Checkbox size="small" checked={view.channels.includes(c)} tabIndex={-1} disableRipple />
            <ListItemText primary={CHANNEL_LABELS[c]} />
          </MenuItem>
        ))}
      </TextField>
      {showGranularity ? (
        <TextField
          select
          size="small"
          label="Series by"
          value={granularity}
          onChange={(e) => update({ granularity: e.target.value as Granularity })}
          sx={{ width: { xs: '100%', sm: 150 } }}
        >
          {granularitiesFor(span).map((g) => (
            <MenuItem key={g} value={g}>
              {GRANULARITY_LABELS[g]}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <FormControlLabel
        control={<Switch checked={view.compare} onChange={(e) => update({ compare: e.target.checked })} />}
        label="Compare with previous period"
      />
      <Button startIcon={<Refresh />} onClick={refresh}>
        Refresh
      </Button>
    </Box>
  )
}
