import Box from '@mui/material/Box'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Typography from '@mui/material/Typography'
import type { CategoryItem } from '../api'
import { RowMenu } from './RowMenu'

type Props = {
  categories: CategoryItem[]
  isAdmin: boolean
  onRename: (category: CategoryItem) => void
  onDelete: (category: CategoryItem) => void
}

const topicCount = (n: number) => (n === 1 ? '1 topic' : `${n} topics`)

export const CategoryList = ({ categories, isAdmin, onRename, onDelete }: Props) => (
  <List disablePadding aria-label="Categories">
    {categories.map((category, index) => (
      <ListItem
        key={category.category_id}
        divider={index < categories.length - 1}
        sx={{ alignItems: 'flex-start', py: 1.5 }}
        secondaryAction={
          isAdmin ? (
            <RowMenu
              label={`Actions for ${category.name}`}
              actions={[
                { label: 'Rename', onClick: () => onRename(category) },
                { label: 'Delete', onClick: () => onDelete(category) },
              ]}
            />
          ) : undefined
        }
      >
        <Box sx={{ minWidth: 0, flex: 1, pr: isAdmin ? 4 : 0 }}>
          <Typography component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {category.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[topicCount(category.topic_count), category.description].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </ListItem>
    ))}
  </List>
)
