import type { Notification } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import { bellLabel, notificationTarget, NOTIFICATION_TYPE_LABEL } from './notification-links'

const of = (type: Notification['type'], data: Record<string, unknown>) => ({ type, data })

describe('notificationTarget', () => {
  it('opens the chat of a new, escalated or assigned chat', () => {
    expect(notificationTarget(of('chat.created', { chat_id: 42 }))).toBe('/chats/42')
    expect(notificationTarget(of('chat.escalated', { chat_id: 7 }))).toBe('/chats/7')
    expect(notificationTarget(of('chat.assigned', { chat_id: 9 }))).toBe('/chats/9')
  })

  it('opens the issue of a new community issue', () => {
    expect(notificationTarget(of('issue.created', { issue_id: 5, thread_id: 6, community_id: 2 }))).toBe(
      '/community/issues/5',
    )
  })

  it('opens the settings page that fixes an account problem', () => {
    expect(notificationTarget(of('subscription.trial_ending', { trial_ends_at: '2026-01-01', days_left: 3 }))).toBe(
      '/settings/plan',
    )
    expect(notificationTarget(of('email.failing', { config_id: 1, mail_id: 2 }))).toBe('/settings/email')
    expect(notificationTarget(of('integration.error', { integration_id: 3, platform: 'facebook' }))).toBe(
      '/settings/integrations',
    )
  })

  it('opens the survey’s results for a survey response, or the surveys when it names none', () => {
    expect(notificationTarget(of('survey.response', { survey_id: 4, count: 25 }))).toBe('/surveys/4')
    expect(notificationTarget(of('survey.response', { count: 25 }))).toBe('/surveys')
  })

  it('opens nothing when the id it needs is missing or not a positive whole number', () => {
    expect(notificationTarget(of('chat.created', {}))).toBeNull()
    expect(notificationTarget(of('chat.created', { chat_id: '42' }))).toBeNull()
    expect(notificationTarget(of('chat.escalated', { chat_id: 0 }))).toBeNull()
    expect(notificationTarget(of('issue.created', { issue_id: 1.5 }))).toBeNull()
  })

  it('opens nothing for a type this dashboard does not know yet', () => {
    expect(notificationTarget({ type: 'report.ready' as Notification['type'], data: { report_id: 1 } })).toBeNull()
  })
})

describe('bellLabel', () => {
  it('says how many notifications are unread', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(1)).toBe('Notifications, 1 unread')
    expect(bellLabel(250)).toBe('Notifications, 250 unread')
  })

  it('is plain "Notifications" when nothing is unread or the count is not known yet', () => {
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(undefined)).toBe('Notifications')
  })
})

describe('NOTIFICATION_TYPE_LABEL', () => {
  it('names every notification type distinctly', () => {
    const labels = Object.values(NOTIFICATION_TYPE_LABEL)
    expect(labels).toHaveLength(8)
    expect(new Set(labels).size).toBe(labels.length)
  })
})
