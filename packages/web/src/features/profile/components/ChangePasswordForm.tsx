import Box from '@mui/material/Box'
import { ChangePasswordRequest, Texts } from '@proxima/contracts'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { useChangePassword } from '../api'

/** The server's rules, and the confirmation must repeat the new password (the server checks that too). */
const NewPassword = ChangePasswordRequest.refine((v) => v.confirm_password === v.new_password, {
  path: ['confirm_password'],
  error: Texts.passwordMismatch,
})
const EMPTY = { old_password: '', new_password: '', confirm_password: '' }
const FIELDS = ['old_password', 'new_password', 'confirm_password'] as const

/** Changing the password signs out every other device of this user. */
export const ChangePasswordForm = () => {
  const toast = useToast()
  const change = useChangePassword()
  const form = useContractForm(NewPassword, { defaultValues: EMPTY })

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values)
      form.reset(EMPTY)
      toast.success('Your password is changed. You have been signed out on your other devices.')
    } catch (error) {
      showSubmitError(form.setError, error, FIELDS)
    }
  })

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormText
        control={form.control}
        name="old_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormText
        control={form.control}
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
        helperText="At least 8 characters, with a letter and a digit."
        deps={['confirm_password']}
        required
      />
      <FormText
        control={form.control}
        name="confirm_password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <FormAlert control={form.control} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SubmitButton control={form.control} pendingLabel="Changing…">
          Change password
        </SubmitButton>
      </Box>
    </Box>
  )
}
