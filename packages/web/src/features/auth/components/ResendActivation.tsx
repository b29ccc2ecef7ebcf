import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { ResendActivationRequest } from '@proxima/contracts/credentials'
import { useState } from 'react'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { requestActivationLink } from '../api'

/** Lets someone whose activation link failed ask for a new one. */
export const ResendActivation = () => {
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const form = useContractForm(ResendActivationRequest, { defaultValues: { email: '' } })

  const submit = form.handleSubmit(async (values) => {
    try {
      setSent((await requestActivationLink(values)).message)
    } catch (error) {
      showSubmitError(form.setError, error, ['email'])
    }
  })

  if (sent) return <Alert severity="success">{sent}</Alert>
  if (!open)
    return (
      <Button variant="text" size="small" onClick={() => setOpen(true)}>
        Request a new activation link
      </Button>
    )

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Send a new activation link">
      <FormText
        control={form.control}
        name="email"
        label="Account email"
        type="email"
        autoComplete="email"
        size="small"
        autoFocus
        required
      />
      <FormAlert control={form.control} />
      <SubmitButton control={form.control} variant="outlined" size="small" pendingLabel="Sending…">
        Send a new activation link
      </SubmitButton>
    </Box>
  )
}
