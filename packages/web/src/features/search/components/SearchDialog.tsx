import Box from '@mui/material/Box'
import Dialog from '@mui/material/Dialog'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import LinearProgress from '@mui/material/LinearProgress'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import Close from '@mui/icons-material/Close'
import Search from '@mui/icons-material/Search'
import SearchOff from '@mui/icons-material/SearchOff'
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { hasStatus } from '../../../api/errors'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { ErrorState } from '../../../ui/states'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { SEARCH_MIN_LENGTH, resultPath, useSearch } from '../api'
import { SEARCH_WORD_MAX, searchClosed, searchWordChanged } from '../search-window'
import { SearchResults } from './SearchResults'

const Message = ({ icon, title, text }: { icon?: ReactNode; title: string; text?: string }) => (
  <Box sx={{ textAlign: 'center', px: 3, py: 5, color: 'text.secondary' }}>
    {icon ? <Box sx={{ '& svg': { fontSize: 40 }, mb: 1 }}>{icon}</Box> : null}
    <Typography sx={{ fontWeight: 500, color: 'text.primary' }}>{title}</Typography>
    {text ? <Typography variant="body2">{text}</Typography> : null}
  </Box>
)

/**
 * The search window: words (kept between openings) → the organisation's chats, messages, issues, comments and
 * communities and surveys, grouped by kind. ↓ and ↑ move through the results, Enter opens one, Escape closes the window.
 */
export const SearchDialog = () => {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { open, word } = useAppSelector((state) => state.searchWindow)
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const titleId = useId()
  const hintId = useId()
  const resultsRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  // The word kept from the last opening is selected at the window's first focus, so typing replaces it. Selecting at
  // every focus would let focus coming back into the window (the dialog keeps it inside) select what is being typed,
  // and the next key would replace it.
  const selectAtFocus = useRef(true)
  useEffect(() => {
    if (open) selectAtFocus.current = true
  }, [open])

  const query = useDebouncedValue(word.trim(), 250)
  const active = query.length >= SEARCH_MIN_LENGTH
  const search = useSearch(query)
  const close = () => dispatch(searchClosed())

  const results = active && search.data ? search.data.results : []
  const reachable = results.filter((result) => resultPath(result) !== null)
  const waiting = word.trim() !== query || (active && search.isFetching)

  const move = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const items = [...(resultsRef.current?.querySelectorAll<HTMLElement>('[data-search-result]') ?? [])]
    if (items.length === 0) return
    event.preventDefault()
    const index = items.indexOf(document.activeElement as HTMLElement)
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1
    if (next < 0) inputRef.current?.focus()
    else items[Math.min(next, items.length - 1)]?.focus()
  }

  const openFirst = () => {
    const first = reachable[0]
    const path = first ? resultPath(first) : null
    if (!path) return
    close()
    void navigate(path)
  }

  let body
  if (word.trim().length < SEARCH_MIN_LENGTH) {
    body = (
      <Message
        icon={<Search />}
        title="Search your organization"
        text="Type at least 2 characters to find chats, messages, community issues, comments, communities and surveys."
      />
    )
  } else if (search.isError && !search.data) {
    body = (
      <Box sx={{ px: 2 }}>
        <ErrorState
          title="The search failed"
          error={search.error}
          onRetry={hasStatus(search.error, 400) ? undefined : () => void search.refetch()}
          retrying={search.isFetching}
        />
      </Box>
    )
  } else if (!search.data || (search.isPlaceholderData && results.length === 0)) {
    body = <Message title="Searching…" />
  } else if (reachable.length === 0) {
    body = (
      <Message
        icon={<SearchOff />}
        title={`No results for “${query}”`}
        text="Check the spelling or try other words: a customer's name, a phrase from a message or an issue title."
      />
    )
  } else {
    body = (
      <>
        <SearchResults results={results} onOpen={close} />
        {search.isError ? (
          <Box sx={{ px: 2 }}>
            <ErrorState
              title="The search could not be refreshed"
              error={search.error}
              onRetry={() => void search.refetch()}
            />
          </Box>
        ) : null}
      </>
    )
  }

  const total = search.data?.total ?? 0
  const summary = !active
    ? ''
    : search.isError
      ? ''
      : waiting
        ? 'Searching…'
        : total > reachable.length
          ? `Best ${reachable.length} of ${total.toLocaleString()} results`
          : reachable.length === 1
            ? '1 result'
            : `${reachable.length} results`

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: phone ? {} : { alignSelf: 'flex-start', mt: '10vh', maxHeight: '76vh' } },
      }}
    >
      <Box onKeyDown={move} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2, pb: 1 }}>
          <Typography id={titleId} component="h2" sx={visuallyHidden}>
            Search
          </Typography>
          <TextField
            inputRef={inputRef}
            autoFocus
            type="search"
            margin="none"
            label="Search"
            placeholder="Words from a chat, issue, comment or community"
            value={word}
            onChange={(event) => dispatch(searchWordChanged(event.target.value))}
            onFocus={(event) => {
              if (!selectAtFocus.current) return
              selectAtFocus.current = false
              event.target.select()
            }}
            onKeyDown={(event) => {
              // A search field empties itself on Escape; here Escape only closes the window, which keeps the word.
              if (event.key === 'Escape') event.preventDefault()
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault()
                openFirst()
              }
            }}
            slotProps={{
              htmlInput: { maxLength: SEARCH_WORD_MAX, 'aria-describedby': hintId, enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search />
                  </InputAdornment>
                ),
              },
            }}
          />
          <IconButton aria-label="Close search" onClick={close} edge="end">
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ height: 4 }}>{waiting && active ? <LinearProgress aria-hidden="true" /> : null}</Box>
        <Typography
          id={hintId}
          variant="caption"
          color="text.secondary"
          role="status"
          aria-live="polite"
          sx={{ px: 2.5, minHeight: 20, display: 'block' }}
        >
          {summary || 'Use ↑ and ↓ to move through results, Enter to open one, Esc to close.'}
        </Typography>
        <Divider />
        <Box ref={resultsRef} sx={{ overflowY: 'auto', flexGrow: 1, minHeight: 0, py: 1 }}>
          {body}
        </Box>
      </Box>
    </Dialog>
  )
}
