// The analytics pages share one lazily loaded chunk (with the chart library): none of it is in the main bundle.
export { AnalyticsIndex, AnalyticsLayout } from './AnalyticsLayout'
export { ChatsAnalyticsPage } from './ChatsAnalyticsPage'
export { CommunityAnalyticsPage } from './CommunityAnalyticsPage'
export { CustomersAnalyticsPage } from './CustomersAnalyticsPage'
export { ResponseAnalyticsPage } from './ResponseAnalyticsPage'
export { SurveysAnalyticsPage } from './SurveysAnalyticsPage'
export { TopicsAnalyticsPage } from './TopicsAnalyticsPage'
export { VoiceAnalyticsPage } from './VoiceAnalyticsPage'
