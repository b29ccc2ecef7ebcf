/* How analytics numbers read: shared with the server's analytics PDF, so a number reads the same in both. */
export {
  NONE,
  bucketLabel,
  changeFromPercentage,
  changeOf,
  formatCount,
  formatDecimal,
  formatDuration,
  formatDurationShort,
  formatPercent,
  formatRating,
  type Change,
} from '@proxima/contracts'
