import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Typography from '@mui/material/Typography'
import type { TopicItem } from '../api'
import { RowMenu } from './RowMenu'

type Props = {
  topics: TopicItem[]
  isAdmin: boolean
  onEdit: (topic: TopicItem) => void
  onArchive: (topic: TopicItem) => void
  onRestore: (topic: TopicItem) => void
  onDelete: (topic: TopicItem) => void
}

/** Each topic with its category and keywords; admins act on one from its menu. */
export const TopicList = ({ topics, isAdmin, onEdit, onArchive, onRestore, onDelete }: Props) => (
  <List disablePadding aria-label="Topics">
    {topics.map((topic, index) => (
      <ListItem
        key={topic.topic_id}
        divider={index < topics.length - 1}
        sx={{ alignItems: 'flex-start', gap: 1, py: 1.5 }}
        secondaryAction={
          isAdmin ? (
            <RowMenu
              label={`Actions for ${topic.name}`}
              actions={[
                { label: 'Edit', onClick: () => onEdit(topic) },
                topic.is_active
                  ? { label: 'Archive', onClick: () => onArchive(topic) }
                  : { label: 'Restore', onClick: () => onRestore(topic) },
                { label: 'Delete', onClick: () => onDelete(topic) },
              ]}
            />
          ) : undefined
        }
      >
        <Box sx={{ minWidth: 0, flex: 1, pr: isAdmin ? 4 : 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {topic.name}
            </Typography>
            {topic.is_active ? null : <Chip label="Archived" size="small" variant="outlined" />}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[topic.category_name ?? 'No category', topic.description].filter(Boolean).join(' · ')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.75 }} aria-label={`Keywords of ${topic.name}`}>
            {topic.keywords.length ? (
              topic.keywords.map((keyword) => (
                <Chip key={keyword} label={keyword} size="small" sx={{ maxWidth: '100%' }} />
              ))
            ) : (
              <Typography variant="body2" color="text.secondary">
                No keywords: set by hand only.
              </Typography>
            )}
          </Box>
        </Box>
      </ListItem>
    ))}
  </List>
)
