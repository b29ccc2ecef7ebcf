import type { Notification, NotificationType } from '@proxima/contracts'

/** The filter's and the icons' names for each notification type (contract §13.3). */
export const NOTIFICATION_TYPE_LABEL: Record<NotificationType, string> = {
  'chat.created': 'New chats',
  'chat.escalated': 'Escalations',
  'chat.assigned': 'Assignments',
  'issue.created': 'Community issues',
  'survey.response': 'Survey responses',
  'subscription.trial_ending': 'Trial ending',
  'email.failing': 'Email problems',
  'integration.error': 'Integration problems',
}

export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TYPE_LABEL) as NotificationType[]

export const isNotificationType = (value: string | null): value is NotificationType =>
  value !== null && Object.hasOwn(NOTIFICATION_TYPE_LABEL, value)

const positiveId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null

const withId = (path: string, id: unknown) => {
  const valid = positiveId(id)
  return valid === null ? null : `${path}/${valid}`
}

/** Where a notification takes its reader: what it is about, or the page that fixes the problem it reports. */
export const notificationTarget = (notification: Pick<Notification, 'type' | 'data'>): string | null => {
  const { data } = notification
  switch (notification.type) {
    case 'chat.created':
    case 'chat.escalated':
    case 'chat.assigned':
      return withId('/chats', data.chat_id)
    case 'issue.created':
      return withId('/community/issues', data.issue_id)
    case 'survey.response':
      // The survey's results; the list when the survey is not named.
      return withId('/surveys', data.survey_id) ?? '/surveys'
    case 'subscription.trial_ending':
      return '/settings/plan'
    case 'email.failing':
      return '/settings/email'
    case 'integration.error':
      return '/settings/integrations'
    default:
      return null
  }
}

/** The bell's accessible name: "Notifications, 3 unread". */
export const bellLabel = (count: number | undefined): string =>
  count ? `Notifications, ${count} unread` : 'Notifications'
