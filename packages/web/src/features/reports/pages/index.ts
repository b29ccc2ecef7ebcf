// The Reports page is its own lazily loaded chunk; the PDF viewer is another, loaded with the first preview.
export { ReportsPage } from './ReportsPage'
