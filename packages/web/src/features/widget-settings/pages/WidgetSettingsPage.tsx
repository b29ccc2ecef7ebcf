import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import type { Settings } from '@proxima/contracts'
import { useId, useState } from 'react'
import { errorMessage } from '../../../api/errors'
import { useIsAdmin, useStaffUser } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { useRotateWidgetKey, useSettings } from '../api'
import { SnippetCard } from '../components/SnippetCard'
import { WidgetForm } from '../components/WidgetForm'
import { WidgetPreview, type PreviewValues } from '../components/WidgetPreview'

const Detail = ({ term, value }: { term: string; value: string }) => (
  <Box component="div" sx={{ mb: 1.5 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {term}
    </Typography>
    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {value || '—'}
    </Typography>
  </Box>
)

const ReadOnlyWidget = ({ widget }: { widget: Settings['widget'] }) => (
  <Box component="dl" sx={{ m: 0 }}>
    <Detail term="Status" value={widget.enabled ? 'On' : 'Off'} />
    <Detail term="Greeting" value={widget.greeting ?? ''} />
    <Detail term="Offline message" value={widget.offline_message ?? ''} />
    <Detail term="Brand colour" value={widget.color} />
    <Detail term="Allowed websites" value={widget.allowed_origins.join('\n') || 'Any website'} />
  </Box>
)

const KeyCard = ({ widgetKey, isAdmin }: { widgetKey: string; isAdmin: boolean }) => {
  const rotate = useRotateWidgetKey()
  const [confirming, setConfirming] = useState(false)
  const titleId = useId()
  const textId = useId()
  return (
    <Card>
      <CardContent>
        <Typography variant="h2" component="h2" gutterBottom>
          Widget key
        </Typography>
        <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', mb: 1 }}>
          {widgetKey}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The key is public: it only lets visitors start chats with your organization. Issue a new one if it is used on
          sites you do not want.
        </Typography>
        {rotate.isSuccess ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            A new key was issued. Update the code on your website.
          </Alert>
        ) : null}
        {rotate.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(rotate.error)}
          </Alert>
        ) : null}
        {isAdmin ? (
          <Box sx={{ mt: 2 }}>
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={rotate.isPending}>
              {rotate.isPending ? 'Rotating…' : 'Rotate key'}
            </Button>
          </Box>
        ) : null}
      </CardContent>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>Rotate the widget key?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Websites that use the current code can no longer start new conversations until you paste the new code.
            Conversations that have already started keep working.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false)
              rotate.mutate()
            }}
          >
            Rotate key
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}

const previewOf = (widget: Settings['widget']): PreviewValues => ({
  color: widget.color,
  greeting: widget.greeting ?? '',
  offline_message: widget.offline_message ?? '',
  enabled: widget.enabled,
})

export const WidgetSettingsPage = () => {
  const settings = useSettings()
  const isAdmin = useIsAdmin()
  const tenantName = useStaffUser().tenant_id?.tenant_name ?? ''
  // The form's unsaved values, for the preview; the saved ones until the admin changes something.
  const [draft, setDraft] = useState<PreviewValues | null>(null)
  return (
    <>
      <PageHeader
        title="Chat widget"
        description={
          isAdmin
            ? 'Let visitors of your website chat with your team.'
            : 'Let visitors of your website chat with your team. Only admins can change these settings.'
        }
      />
      {settings.isPending ? (
        <SkeletonBlock height={320} label="Loading widget settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            <SnippetCard widgetKey={settings.data.widget.widget_key} enabled={settings.data.widget.enabled} />
            <Card>
              <CardContent>
                <Typography variant="h2" component="h2" gutterBottom>
                  Look and behaviour
                </Typography>
                {isAdmin ? (
                  <WidgetForm widget={settings.data.widget} onDraftChange={setDraft} />
                ) : (
                  <ReadOnlyWidget widget={settings.data.widget} />
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            <WidgetPreview values={draft ?? previewOf(settings.data.widget)} tenantName={tenantName} />
            <KeyCard widgetKey={settings.data.widget.widget_key} isAdmin={isAdmin} />
          </Grid>
        </Grid>
      )}
    </>
  )
}
