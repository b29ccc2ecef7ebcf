import Box from '@mui/material/Box'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Typography from '@mui/material/Typography'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import CommentOutlined from '@mui/icons-material/CommentOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import PollOutlined from '@mui/icons-material/PollOutlined'
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined'
import TextsmsOutlined from '@mui/icons-material/TextsmsOutlined'
import type { SearchResult, SearchType } from '@proxima/contracts'
import { useId, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { SEARCH_GROUPS, resultPath } from '../api'
import { highlightSegments } from '../highlight'

const ICONS: Partial<Record<SearchType, ReactNode>> = {
  chats: <ChatOutlined fontSize="small" />,
  messages: <TextsmsOutlined fontSize="small" />,
  issues: <QuestionAnswerOutlined fontSize="small" />,
  comments: <CommentOutlined fontSize="small" />,
  communities: <ForumOutlined fontSize="small" />,
  surveys: <PollOutlined fontSize="small" />,
}

const day = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' })
}

/** The snippet with the search words in <mark>, built from text only. */
export const Highlighted = ({ text, highlights }: { text: string; highlights: SearchResult['highlights'] }) => (
  <>
    {highlightSegments(text, highlights).map((segment, index) =>
      segment.marked ? (
        <Box
          component="mark"
          key={index}
          sx={{ bgcolor: '#fff1b8', color: 'text.primary', borderRadius: 0.5, px: 0.25, fontWeight: 500 }}
        >
          {segment.text}
        </Box>
      ) : (
        <span key={index}>{segment.text}</span>
      ),
    )}
  </>
)

type RowProps = { result: SearchResult; path: string; onOpen: () => void }

const ResultRow = ({ result, path, onOpen }: RowProps) => (
  <ListItem disablePadding>
    <ListItemButton
      component={RouterLink}
      to={path}
      onClick={onOpen}
      data-search-result=""
      sx={{ alignItems: 'flex-start', gap: 1.5, borderRadius: 1, mx: 1, px: 1.5 }}
    >
      <Box aria-hidden="true" sx={{ color: 'text.secondary', mt: 0.25, display: 'flex' }}>
        {ICONS[result.type]}
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography component="span" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
            {result.title}
          </Typography>
          <Typography
            component="time"
            variant="caption"
            color="text.secondary"
            dateTime={result.created_at}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {day(result.created_at)}
          </Typography>
        </Box>
        {result.snippet ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block', overflowWrap: 'anywhere' }}
          >
            <Highlighted text={result.snippet} highlights={result.highlights} />
          </Typography>
        ) : null}
      </Box>
    </ListItemButton>
  </ListItem>
)

const Group = ({ label, results, onOpen }: { label: string; results: SearchResult[]; onOpen: () => void }) => {
  const headingId = useId()
  const rows = results.flatMap((result) => {
    const path = resultPath(result)
    return path ? [{ result, path }] : []
  })
  if (rows.length === 0) return null
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 1 }}>
      <Typography
        id={headingId}
        component="h3"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', px: 2.5, pt: 1, lineHeight: 2 }}
      >
        {label}
      </Typography>
      <List dense disablePadding aria-labelledby={headingId}>
        {rows.map(({ result, path }) => (
          <ResultRow key={`${result.type}-${result.id}`} result={result} path={path} onOpen={onOpen} />
        ))}
      </List>
    </Box>
  )
}

/** Results grouped by kind (chats, messages, issues, comments, communities, surveys), best matches first in each. */
export const SearchResults = ({ results, onOpen }: { results: SearchResult[]; onOpen: () => void }) => (
  <>
    {SEARCH_GROUPS.map((group) => (
      <Group
        key={group.type}
        label={group.label}
        results={results.filter((result) => result.type === group.type)}
        onOpen={onOpen}
      />
    ))}
  </>
)
