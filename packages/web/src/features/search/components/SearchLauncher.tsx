import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Search from '@mui/icons-material/Search'
import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { searchOpened } from '../search-window'

const loadDialog = () => import('./SearchDialog')
const SearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SearchDialog })))

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
const SHORTCUT = isMac ? '⌘K' : 'Ctrl K'

/** Typing "/" in a text field types a slash; only elsewhere does it open the search. */
const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="textbox"]') !== null)

/**
 * The top bar's search: a button (an icon on phones) and the shortcuts Ctrl+K (⌘K) and "/". The window's code loads
 * on first use, or when the browser is idle.
 */
export const SearchLauncher = () => {
  const dispatch = useAppDispatch()
  const { open, word } = useAppSelector((state) => state.searchWindow)
  const [used, setUsed] = useState(open)
  if (open && !used) setUsed(true)

  // Attached in the same commit as the button appears (and again, with no gap, if the bar is drawn anew), so a shortcut
  // pressed as soon as the button shows is never lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      const ctrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target)
      if (!ctrlK && !slash) return
      event.preventDefault()
      dispatch(searchOpened())
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [dispatch])

  useEffect(() => {
    const idle = window.setTimeout(() => void loadDialog(), 3000)
    return () => window.clearTimeout(idle)
  }, [])

  const openWindow = () => dispatch(searchOpened())
  const held = word.trim()
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        onClick={openWindow}
        onPointerEnter={() => void loadDialog()}
        aria-label={held ? `Search: ${held}` : 'Search'}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        startIcon={<Search />}
        sx={{
          display: { xs: 'none', sm: 'inline-flex' },
          justifyContent: 'flex-start',
          width: { sm: 220, md: 280 },
          borderColor: 'rgba(255, 255, 255, 0.5)',
          // Darker than the bar, so white text keeps its contrast.
          bgcolor: 'rgba(0, 0, 0, 0.16)',
          fontWeight: 400,
          '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.26)', borderColor: 'common.white' },
        }}
      >
        <Box
          component="span"
          sx={{ flexGrow: 1, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {held || 'Search…'}
        </Box>
        <Box
          component="kbd"
          aria-hidden="true"
          sx={{
            ml: 1,
            px: 0.75,
            borderRadius: 0.5,
            border: 1,
            borderColor: 'rgba(255, 255, 255, 0.5)',
            fontFamily: 'inherit',
            fontSize: 12,
            lineHeight: '18px',
          }}
        >
          {SHORTCUT}
        </Box>
      </Button>
      <IconButton
        color="inherit"
        onClick={openWindow}
        aria-label="Search"
        aria-haspopup="dialog"
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <Search />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <SearchDialog />
        </Suspense>
      ) : null}
    </>
  )
}
