import { Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react'
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router'
import { PageLoading } from './PageLoading'
import { RequireSession } from './RequireSession'
import { SIGN_IN_PATH } from './sign-in-link'

/**
 * One lazily loaded chunk per page. Sign-in, password reset and invitations are not here: they are a light page of
 * their own (auth.html, auth-main.tsx) that the server answers for their paths.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })))

const OnboardingPage = page(() => import('../features/onboarding/pages/OnboardingPage'), 'OnboardingPage')
const DashboardLayout = page(() => import('../features/shell/components/DashboardLayout'), 'DashboardLayout')
const OverviewPage = page(() => import('../features/overview/pages/OverviewPage'), 'OverviewPage')
const SettingsPage = page(() => import('../features/settings/pages/SettingsPage'), 'SettingsPage')
const OrganizationPage = page(() => import('../features/organization/pages/OrganizationPage'), 'OrganizationPage')
const EmployeesPage = page(() => import('../features/staff/pages/EmployeesPage'), 'EmployeesPage')
const PlanBillingPage = page(() => import('../features/subscription/pages/PlanBillingPage'), 'PlanBillingPage')
const WidgetSettingsPage = page(
  () => import('../features/widget-settings/pages/WidgetSettingsPage'),
  'WidgetSettingsPage',
)
const TopicsPage = page(() => import('../features/topics/pages/TopicsPage'), 'TopicsPage')
const BusinessHoursPage = page(() => import('../features/business-hours/pages/BusinessHoursPage'), 'BusinessHoursPage')
const ChatsPage = page(() => import('../features/chats/pages/ChatsPage'), 'ChatsPage')
const CommunityArea = page(() => import('../features/community/pages/CommunityArea'), 'CommunityArea')
const CommunitiesPage = page(() => import('../features/community/pages/CommunitiesPage'), 'CommunitiesPage')
const CommunityPage = page(() => import('../features/community/pages/CommunityPage'), 'CommunityPage')
const IssuePage = page(() => import('../features/community/pages/IssuePage'), 'IssuePage')
const SurveysPage = page(() => import('../features/surveys/pages/SurveysPage'), 'SurveysPage')
const SurveyEditorPage = page(() => import('../features/surveys/pages/SurveyEditorPage'), 'SurveyEditorPage')
const SurveyResultsPage = page(() => import('../features/surveys/pages/SurveyResultsPage'), 'SurveyResultsPage')
const AiAssistantPage = page(() => import('../features/ai/pages/AiAssistantPage'), 'AiAssistantPage')
const ProfilePage = page(() => import('../features/profile/pages/ProfilePage'), 'ProfilePage')
const NotificationsPage = page(() => import('../features/notifications/pages/NotificationsPage'), 'NotificationsPage')
const analytics = () => import('../features/analytics/pages')
const AnalyticsLayout = page(analytics, 'AnalyticsLayout')
const AnalyticsIndex = page(analytics, 'AnalyticsIndex')
const ChatsAnalyticsPage = page(analytics, 'ChatsAnalyticsPage')
const ResponseAnalyticsPage = page(analytics, 'ResponseAnalyticsPage')
const TopicsAnalyticsPage = page(analytics, 'TopicsAnalyticsPage')
const CustomersAnalyticsPage = page(analytics, 'CustomersAnalyticsPage')
const CommunityAnalyticsPage = page(analytics, 'CommunityAnalyticsPage')
const VoiceAnalyticsPage = page(analytics, 'VoiceAnalyticsPage')
const SurveysAnalyticsPage = page(analytics, 'SurveysAnalyticsPage')
const ForecastsPage = page(() => import('../features/forecasts/pages'), 'ForecastsPage')
const ReportsPage = page(() => import('../features/reports/pages'), 'ReportsPage')
const NotFoundPage = page(() => import('../features/shell/pages/NotFoundPage'), 'NotFoundPage')
const UpcomingAreaPage = lazy(() =>
  import('../features/areas/pages/UpcomingAreaPage').then((m) => ({ default: m.UpcomingAreaPage })),
)

/** `/auth` opens the sign-in page, which is a page of its own. */
const OpenSignIn = () => {
  useEffect(() => window.location.replace(SIGN_IN_PATH), [])
  return <PageLoading label="Opening the sign-in page…" />
}

const standalone = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>

const upcoming = (path: string, area: Parameters<typeof UpcomingAreaPage>[0]['area']): RouteObject => ({
  path,
  element: <UpcomingAreaPage area={area} />,
})

export const routes: RouteObject[] = [
  { path: '/auth/onboarding', element: standalone(<OnboardingPage />) },
  { path: '/auth', element: <OpenSignIn /> },
  { path: '/_app', element: <Navigate to="/" replace /> },
  {
    path: '/',
    element: <RequireSession />,
    children: [
      {
        element: standalone(<DashboardLayout />),
        children: [
          { index: true, element: <OverviewPage /> },
          { path: 'chats/:chatId?', element: <ChatsPage /> },
          {
            path: 'community',
            element: <CommunityArea />,
            children: [
              { index: true, element: <CommunitiesPage /> },
              { path: 'issues/:issueId', element: <IssuePage /> },
              { path: ':communityId', element: <CommunityPage /> },
            ],
          },
          { path: 'surveys', element: <SurveysPage /> },
          { path: 'surveys/new', element: <SurveyEditorPage /> },
          { path: 'surveys/:surveyId/edit', element: <SurveyEditorPage /> },
          { path: 'surveys/:surveyId', element: <SurveyResultsPage /> },
          {
            path: 'analytics',
            element: <AnalyticsLayout />,
            children: [
              { index: true, element: <AnalyticsIndex /> },
              { path: 'chats', element: <ChatsAnalyticsPage /> },
              { path: 'response', element: <ResponseAnalyticsPage /> },
              { path: 'topics', element: <TopicsAnalyticsPage /> },
              { path: 'customers', element: <CustomersAnalyticsPage /> },
              { path: 'community', element: <CommunityAnalyticsPage /> },
              { path: 'voice', element: <VoiceAnalyticsPage /> },
              { path: 'surveys', element: <SurveysAnalyticsPage /> },
              { path: 'forecasts', element: <ForecastsPage /> },
            ],
          },
          { path: 'reports', element: <ReportsPage /> },
          { path: 'ai', element: <AiAssistantPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'settings/organization', element: <OrganizationPage /> },
          { path: 'settings/employees', element: <EmployeesPage /> },
          upcoming('settings/email', 'email'),
          upcoming('settings/integrations', 'integrations'),
          { path: 'settings/plan', element: <PlanBillingPage /> },
          { path: 'settings/widget', element: <WidgetSettingsPage /> },
          { path: 'settings/topics', element: <TopicsPage /> },
          { path: 'settings/hours', element: <BusinessHoursPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)
