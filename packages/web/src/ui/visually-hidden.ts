/**
 * Styles that hide content visually but keep it for screen readers. Sizes are strings: in `sx`, a number up to 1
 * is a fraction (`width: 1` is 100%), which made the hidden text as wide as the page and scroll it sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const
