// The forecasts page is its own lazily loaded chunk; the chart library is shared with the analytics pages.
export { ForecastsPage } from './ForecastsPage'
