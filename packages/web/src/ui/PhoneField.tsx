import Box from '@mui/material/Box'
import LanguageOutlined from '@mui/icons-material/LanguageOutlined'
import { MuiTelInput, type MuiTelInputCountry } from 'mui-tel-input'
import { useState } from 'react'

type Props = {
  label?: string
  /** E.164 value (e.g. +254712345678) or '' when empty. */
  value: string
  onChange: (e164: string) => void
  error?: string | undefined
  disabled?: boolean
  required?: boolean
  helperText?: string
}

/** Flags as short country codes, so that nothing is fetched from a flag image host (the app runs fully offline). */
const countryBadge = (isoCode: MuiTelInputCountry) => (
  <Box
    component="span"
    aria-hidden="true"
    sx={{
      fontSize: 12,
      fontWeight: 500,
      lineHeight: '18px',
      minWidth: 26,
      textAlign: 'center',
      border: 1,
      borderColor: 'divider',
      borderRadius: 0.5,
      color: 'text.secondary',
    }}
  >
    {isoCode.toUpperCase()}
  </Box>
)

const unknownCountry = <LanguageOutlined fontSize="small" aria-hidden="true" />

/** International phone input that reports E.164 without spaces. */
export const PhoneField = ({
  label = 'Phone number',
  value,
  onChange,
  error,
  disabled,
  required,
  helperText,
}: Props) => {
  const [display, setDisplay] = useState(value)
  const [lastValue, setLastValue] = useState(value)
  if (value !== lastValue) {
    // The parent replaced the value (reset or load): show it.
    setLastValue(value)
    if (value !== display.replace(/\s/g, '')) setDisplay(value)
  }
  return (
    <MuiTelInput
      label={label}
      value={display}
      onChange={(next, info) => {
        setDisplay(next)
        const e164 = info.numberValue ?? next.replace(/[\s()-]/g, '')
        const normalised = e164 === '+' ? '' : e164
        setLastValue(normalised)
        onChange(normalised)
      }}
      getFlagElement={countryBadge}
      unknownFlagElement={unknownCountry}
      preferredCountries={['KE', 'NG', 'ZA', 'GB', 'US', 'IN']}
      langOfCountryName="en"
      fullWidth
      margin="normal"
      disabled={disabled ?? false}
      error={Boolean(error)}
      helperText={error ?? helperText ?? 'Include the country code, e.g. +254 712 345678.'}
      autoComplete="tel"
      slotProps={{ htmlInput: required ? { 'aria-required': true } : {} }}
    />
  )
}
