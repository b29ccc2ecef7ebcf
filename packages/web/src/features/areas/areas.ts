/** Areas of the product that are not available yet, and what each will do. */
export const UPCOMING_AREAS = {
  email: {
    title: 'Email',
    description: "Connect your organization's mailbox (Gmail or any SMTP server) to send email from Proxima.",
  },
  integrations: {
    title: 'Integrations',
    description: 'Connect WhatsApp, Facebook Messenger and Instagram so their messages arrive in your chats.',
  },
} as const

export type UpcomingArea = keyof typeof UPCOMING_AREAS
