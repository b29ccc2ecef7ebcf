import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import { ProfileUpdate, type Profile } from '@proxima/contracts'
import { useAppDispatch } from '../../../app/hooks'
import { profileChanged } from '../../../app/session'
import { FormAlert, SaveChanges } from '../../../ui/form/FormFooter'
import { FormPhone } from '../../../ui/form/FormPhone'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { useUpdateProfile } from '../api'

/** The personal details this form edits, with the server's rules for each (the update's schema without its preprocessing). */
const PersonalDetails = ProfileUpdate.out.pick({ first_name: true, last_name: true, username: true, phonenumber: true })
const FIELDS = ['first_name', 'last_name', 'username', 'phonenumber'] as const

const valuesOf = (profile: Profile) => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  username: profile.username,
  phonenumber: profile.phonenumber,
})

export const ProfileForm = ({ profile }: { profile: Profile }) => {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const update = useUpdateProfile()
  const form = useContractForm(PersonalDetails, { defaultValues: valuesOf(profile) })

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values)
      form.reset(valuesOf(saved))
      dispatch(profileChanged({ first_name: saved.first_name, last_name: saved.last_name, username: saved.username }))
      toast.success('Your profile is saved.')
    } catch (error) {
      showSubmitError(form.setError, error, FIELDS)
    }
  })

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={form.control} name="first_name" label="First name" autoComplete="given-name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={form.control} name="last_name" label="Last name" autoComplete="family-name" required />
        </Grid>
        <Grid size={12}>
          <FormText control={form.control} name="username" label="Username" autoComplete="username" required />
        </Grid>
        <Grid size={12}>
          <FormPhone control={form.control} name="phonenumber" />
        </Grid>
      </Grid>
      <FormAlert control={form.control} />
      <SaveChanges control={form.control} onDiscard={() => form.reset()}>
        Save profile
      </SaveChanges>
    </Box>
  )
}
