import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import { Link as RouterLink } from 'react-router'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { DEFAULT_AWAY_MESSAGE } from '../../../../widget/texts'
import { useSettings } from '../../widget-settings/api'
import { useWidgetStatus } from '../api'
import { HoursForm } from '../components/HoursForm'

/** What visitors see now: the widget's own public configuration, so this shows exactly what they get. */
const WidgetNow = ({ widgetKey, offlineMessage }: { widgetKey: string; offlineMessage: string | null }) => {
  const status = useWidgetStatus(widgetKey)
  if (!status.data) return null
  return (
    <Alert severity={status.data.is_open ? 'success' : 'info'} sx={{ mb: 3 }} role="status">
      {status.data.is_open ? (
        'Right now the chat widget shows your team as available.'
      ) : (
        <>
          Right now the chat widget shows visitors: “{offlineMessage || DEFAULT_AWAY_MESSAGE}”{' '}
          <Link component={RouterLink} to="/settings/widget">
            Change this message
          </Link>
        </>
      )}
    </Alert>
  )
}

/** Settings → Business hours: the organisation's time zone and when the team answers chats (contract §3.4). */
export const BusinessHoursPage = () => {
  const settings = useSettings()
  const isAdmin = useIsAdmin()
  return (
    <>
      <PageHeader
        title="Business hours"
        description={
          isAdmin
            ? 'Your time zone and the hours your team answers chats.'
            : 'Your time zone and the hours your team answers chats. Only admins can change them.'
        }
      />
      {settings.isPending ? (
        <SkeletonBlock height={480} label="Loading business hours…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <>
          <WidgetNow
            widgetKey={settings.data.widget.widget_key}
            offlineMessage={settings.data.widget.offline_message}
          />
          <HoursForm settings={settings.data} readOnly={!isAdmin} />
        </>
      )}
    </>
  )
}
