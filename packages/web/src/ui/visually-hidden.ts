/**
 * Styles that hide content visually but keep it for screen readers. Lengths are strings: in an `sx` prop a number
 * up to 1 is a fraction (`width: 1` is 100%) and a margin counts in spacing units.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const
