import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import BarChartOutlined from '@mui/icons-material/BarChartOutlined'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import DashboardOutlined from '@mui/icons-material/DashboardOutlined'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import PollOutlined from '@mui/icons-material/PollOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import type { ReactNode } from 'react'

export type NavItem = { label: string; to: string; icon?: ReactNode; children?: NavItem[] }

export const SETTINGS_ITEMS: NavItem[] = [
  { label: 'Organization', to: '/settings/organization' },
  { label: 'Employees', to: '/settings/employees' },
  { label: 'Topics', to: '/settings/topics' },
  { label: 'Business hours', to: '/settings/hours' },
  { label: 'Chat widget', to: '/settings/widget' },
  { label: 'Email', to: '/settings/email' },
  { label: 'Integrations', to: '/settings/integrations' },
  { label: 'Plan & billing', to: '/settings/plan' },
]

export const NAV_ITEMS: NavItem[] = [
  { label: 'Overview', to: '/', icon: <DashboardOutlined /> },
  { label: 'Chats', to: '/chats', icon: <ChatOutlined /> },
  { label: 'Community', to: '/community', icon: <ForumOutlined /> },
  { label: 'Surveys', to: '/surveys', icon: <PollOutlined /> },
  { label: 'Analytics', to: '/analytics', icon: <BarChartOutlined /> },
  { label: 'Reports', to: '/reports', icon: <DescriptionOutlined /> },
  { label: 'AI assistant', to: '/ai', icon: <AutoAwesomeOutlined /> },
  { label: 'Settings', to: '/settings', icon: <SettingsOutlined />, children: SETTINGS_ITEMS },
]
