/** The analytics pages, each under /analytics/<path>; `series` pages show the granularity filter. */
export const AREAS = [
  { path: 'chats', label: 'Chats & channels', series: true },
  { path: 'response', label: 'Response & satisfaction', series: true },
  { path: 'topics', label: 'Topics', series: false },
  { path: 'customers', label: 'Customers', series: false },
  { path: 'community', label: 'Community', series: true },
  { path: 'voice', label: 'Voice', series: true },
  { path: 'surveys', label: 'Surveys', series: false },
] as const

export type AreaPath = (typeof AREAS)[number]['path']
