import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined'
import MailOutlined from '@mui/icons-material/MailOutlined'
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined'
import PollOutlined from '@mui/icons-material/PollOutlined'
import PriorityHighOutlined from '@mui/icons-material/PriorityHighOutlined'
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined'
import type { NotificationType } from '@proxima/contracts'
import type { ReactNode } from 'react'

const ICONS: Record<NotificationType, ReactNode> = {
  'chat.created': <ChatOutlined fontSize="small" />,
  'chat.escalated': <PriorityHighOutlined fontSize="small" />,
  'chat.assigned': <AssignmentIndOutlined fontSize="small" />,
  'issue.created': <ForumOutlined fontSize="small" />,
  'survey.response': <PollOutlined fontSize="small" />,
  'subscription.trial_ending': <HourglassBottomOutlined fontSize="small" />,
  'email.failing': <MailOutlined fontSize="small" />,
  'integration.error': <SyncProblemOutlined fontSize="small" />,
}

/** Problems that need someone (escalations, failing mail or integrations) stand out in red. */
const URGENT = new Set<NotificationType>(['chat.escalated', 'email.failing', 'integration.error'])

export const typeIcon = (type: NotificationType): ReactNode => ICONS[type] ?? <NotificationsOutlined fontSize="small" />
export const isUrgent = (type: NotificationType): boolean => URGENT.has(type)
