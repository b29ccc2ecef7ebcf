import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { InvitationsTable } from '../components/InvitationsTable'
import { InviteMemberForm } from '../components/InviteMemberForm'
import { MembersTable } from '../components/MembersTable'

export const EmployeesPage = () => {
  const isAdmin = useIsAdmin()
  return (
    <>
      <PageHeader
        title="Employees"
        description={
          isAdmin
            ? 'See who answers your customers, manage their roles and access, and invite new members.'
            : 'The people of your organization who answer your customers.'
        }
      />
      <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
        Members
      </Typography>
      <Card sx={{ mb: 3 }}>
        <MembersTable />
      </Card>
      {isAdmin ? (
        <>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Typography variant="h2" component="h2" gutterBottom>
                Invite a member
              </Typography>
              <Typography color="text.secondary" variant="body2">
                They receive an email with a link to create their account. The link is valid for 7 days.
              </Typography>
              <InviteMemberForm />
            </CardContent>
          </Card>
          <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
            Invitations
          </Typography>
          <Card>
            <InvitationsTable />
          </Card>
        </>
      ) : (
        <Alert severity="info">Only admins of your organization can invite members and see invitations.</Alert>
      )}
    </>
  )
}
