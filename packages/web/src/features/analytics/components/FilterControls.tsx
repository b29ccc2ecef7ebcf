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
import type { Area } from '../areas'
import type { AnalyticsContext } from '../context'
import type { FilterOption } from '../filter-options'
import {
  CHANNELS,
  CHANNEL_LABELS,
  GRANULARITY_LABELS,
  PERIODS,
  PERIOD_LABELS,
  addDays,
  granularitiesFor,
  localDate,
  toggledChannels,
  type Period,
} from '../view'
import { PickFilter } from './PickFilter'

const field = { width: { xs: '100%', sm: 190 } }

export type Choices = {
  topics: { options: FilterOption[] | undefined; loading: boolean }
  staff: { options: FilterOption[] | undefined; loading: boolean }
}

type Props = { ctx: AnalyticsContext; area: Area; choices: Choices }

/**
 * The filter fields: period (or custom dates) and time zone on every page; channels, topic, assignee, granularity
 * of series and the comparison with the previous period where the page's metrics use them. Every change goes to
 * the URL.
 */
export const FilterControls = ({ ctx, area, choices }: Props) => {
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
  const offers = (name: Area['filters'][number]) => area.filters.includes(name)

  const choosePeriod = (period: Period) => {
    if (period !== 'custom') return update({ period, from: null, to: null })
    update({ period, from: view.from ?? addDays(today, -29), to: view.to ?? today })
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
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
      {offers('channel') ? (
        <TextField
          select
          size="small"
          label="Channels"
          value={view.channels}
          onChange={(e) => {
            // The list as this render knew it, with one channel more or less: that one change is applied to the
            // channels in the address, so a second click before the page has caught up keeps the first.
            const value = e.target.value as unknown as Channel[] | string
            const next = (typeof value === 'string' ? value.split(',') : value) as Channel[]
            update((current) => ({ channels: toggledChannels(current.channels, view.channels, next) }))
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
      ) : null}
      {offers('topic_id') ? (
        <PickFilter
          label="Topic"
          allLabel="All topics"
          value={view.topic}
          {...choices.topics}
          onChange={(topic) => update({ topic })}
          unknownLabel={(id) => `Topic #${id}`}
        />
      ) : null}
      {offers('assignee') ? (
        <PickFilter
          label="Assignee"
          allLabel="Everyone"
          value={view.assignee}
          {...choices.staff}
          onChange={(assignee) => update({ assignee })}
          unknownLabel={(id) => `Staff #${id}`}
        />
      ) : null}
      {area.series ? (
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
      {area.compare ? (
        <FormControlLabel
          control={<Switch checked={view.compare} onChange={(e) => update({ compare: e.target.checked })} />}
          label="Compare with previous period"
        />
      ) : null}
      <Button startIcon={<Refresh />} onClick={refresh}>
        Refresh
      </Button>
    </Box>
  )
}
