import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../../ui/PageHeader'

const SECTIONS = [
  { to: '/settings/organization', title: 'Organization', text: 'Name, industry and contact details.' },
  { to: '/settings/employees', title: 'Employees', text: 'See your members, manage their roles and invite new ones.' },
  {
    to: '/settings/topics',
    title: 'Topics',
    text: 'Tag chats by what they are about, with keywords that tag them by themselves.',
  },
  { to: '/settings/hours', title: 'Business hours', text: 'Your time zone and the hours your team answers chats.' },
  { to: '/settings/email', title: 'Email', text: 'The mailbox your organization sends email from.' },
  { to: '/settings/integrations', title: 'Integrations', text: 'Social-media channels connected to your inbox.' },
  { to: '/settings/plan', title: 'Plan & billing', text: 'Your plan, free trial, limits and usage.' },
  { to: '/settings/widget', title: 'Chat widget', text: 'Add live chat to your website and set its greeting.' },
]

export const SettingsPage = () => (
  <>
    <PageHeader title="Settings" description="Configure your organization's Proxima workspace." />
    <Grid container spacing={2}>
      {SECTIONS.map((section) => (
        <Grid key={section.to} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={section.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
              <CardContent>
                <Typography variant="h3" component="h2" gutterBottom>
                  {section.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {section.text}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  </>
)
