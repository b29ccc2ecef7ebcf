import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { SxProps, Theme } from '@mui/material/styles'

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> }

/** The "Load more" button under a paged list; nothing when there is no further page. */
export const LoadMoreButton = ({
  pages,
  label = 'Load more',
  sx = { p: 1.5 },
}: {
  pages: Pages
  label?: string
  sx?: SxProps<Theme>
}) =>
  pages.hasNextPage ? (
    // MUI's documented way of merging an `sx` prop, whose array form the type system only knows as `any[]`.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    <Box sx={[{ textAlign: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </Box>
  ) : null
