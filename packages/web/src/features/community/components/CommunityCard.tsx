import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined'
import EditOutlined from '@mui/icons-material/EditOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import GroupOutlined from '@mui/icons-material/GroupOutlined'
import MoreVert from '@mui/icons-material/MoreVert'
import StarOutline from '@mui/icons-material/StarBorderOutlined'
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined'
import type { Community } from '@proxima/contracts'
import { useId, useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { plural } from '../format'

const Stat = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', minWidth: 0 }}>
    <Box component="span" aria-hidden="true" sx={{ display: 'flex', '& svg': { fontSize: 18 } }}>
      {icon}
    </Box>
    <Typography variant="body2" component="span">
      {children}
    </Typography>
  </Box>
)

export const ratingText = (community: Pick<Community, 'rating_average' | 'rating_count'>) =>
  community.rating_average === null || community.rating_count === 0
    ? 'No ratings yet'
    : `${community.rating_average.toFixed(1)} of 5 (${plural(community.rating_count, 'rating')})`

export const issueText = (community: Pick<Community, 'open_issue_count' | 'issue_count'>) =>
  `${community.open_issue_count.toLocaleString()} open of ${plural(community.issue_count, 'issue')}`

/** The figures shown for a community on its card and at the top of its page. */
export const CommunityStats = ({ community }: { community: Community }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75 }}>
    <Stat icon={<GroupOutlined />}>{plural(community.member_count, 'member')}</Stat>
    <Stat icon={<StarOutline />}>{ratingText(community)}</Stat>
    <Stat icon={<ForumOutlined />}>{issueText(community)}</Stat>
  </Box>
)

type ActionsProps = { community: Community; onEdit: () => void; onArchive: (archive: boolean) => void }

const AdminActions = ({ community, onEdit, onArchive }: ActionsProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const menuId = useId()
  const buttonId = useId()
  const close = () => setAnchor(null)
  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={`Actions for ${community.community_name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            close()
            onEdit()
          }}
        >
          <ListItemIcon aria-hidden="true">
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close()
            onArchive(!community.is_archived)
          }}
        >
          <ListItemIcon aria-hidden="true">
            {community.is_archived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{community.is_archived ? 'Restore' : 'Archive'}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  )
}

type Props = { community: Community; admin: boolean } & Omit<ActionsProps, 'community'>

/** One community: what it is about, how big and how rated it is, and how many of its issues are open. */
export const CommunityCard = ({ community, admin, onEdit, onArchive }: Props) => (
  <Card
    component="article"
    aria-label={community.community_name}
    sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: community.is_archived ? 0.85 : 1 }}
  >
    <CardActionArea
      component={RouterLink}
      to={`/community/${community.community_id}`}
      sx={{
        flexGrow: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'flex-start',
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {community.community_name}
          </Typography>
          {community.is_archived ? <Chip size="small" label="Archived" variant="outlined" /> : null}
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mb: 2,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            fontStyle: community.description ? 'normal' : 'italic',
          }}
        >
          {community.description || 'No description'}
        </Typography>
        <CommunityStats community={community} />
      </CardContent>
    </CardActionArea>
    {admin ? (
      <CardActions sx={{ justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider', py: 0.5 }}>
        <AdminActions community={community} onEdit={onEdit} onArchive={onArchive} />
      </CardActions>
    ) : null}
  </Card>
)
