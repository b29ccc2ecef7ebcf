import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { visuallyHidden } from '../../../ui/visually-hidden'

export type Column = { label: string; values: string[] }

/** A plain table of columns of formatted values; the first column names each row. Scrolls inside itself if wide. */
export const DataTable = ({ caption, columns }: { caption: string; columns: Column[] }) => {
  const rows = columns[0]?.values.length ?? 0
  return (
    <TableContainer
      sx={{ maxHeight: 360, overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={`${caption} table`}
    >
      <Table size="small" stickyHeader>
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c.label} scope="col" align={i === 0 ? 'left' : 'right'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {Array.from({ length: rows }, (_, row) => (
            <TableRow key={row}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <TableCell key={c.label} component="th" scope="row">
                    {c.values[row]}
                  </TableCell>
                ) : (
                  <TableCell key={c.label} align="right">
                    {c.values[row]}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
