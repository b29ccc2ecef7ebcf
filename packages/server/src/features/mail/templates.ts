const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

type Rendered = { subject: string; text: string; html: string }

/** One plain-text and one HTML part; no tracking, no remote images. */
function render(
  subject: string,
  greeting: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): Rendered {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${action.label}: ${action.url}`, '', footer].join(
    '\n',
  )
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#00796b;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(footer)}</p>
</body></html>`
  return { subject, text, html }
}

export function activationMail(firstName: string, url: string): Rendered {
  return render(
    'Confirm your email address',
    `Hello ${firstName},`,
    ['Welcome to Proxima. Please confirm your email address. The link is valid for 48 hours.'],
    { label: 'Confirm email address', url },
    'If you did not create this account, you can ignore this email.',
  )
}

export function passwordResetMail(firstName: string, url: string): Rendered {
  return render(
    'Reset your Proxima password',
    `Hello ${firstName},`,
    ['Someone asked to reset the password of your Proxima account. The link is valid for 60 minutes and works once.'],
    { label: 'Choose a new password', url },
    'If you did not ask for this, ignore this email: your password stays as it is.',
  )
}

export function invitationMail(opts: {
  tenantName: string
  inviterName: string
  role: 'admin' | 'employee'
  url: string
  message: string | null
}): Rendered {
  const paragraphs = [
    `${opts.inviterName} invited you to join ${opts.tenantName} on Proxima as ${opts.role === 'admin' ? 'an admin' : 'an employee'}.`,
    ...(opts.message ? [`Their message: "${opts.message}"`] : []),
    'The invitation is valid for 7 days.',
  ]
  return render(
    `Join ${opts.tenantName} on Proxima`,
    'Hello,',
    paragraphs,
    { label: 'Accept the invitation', url: opts.url },
    'If you were not expecting this invitation, you can ignore this email.',
  )
}

/** To a staff member who keeps escalation emails on (contract §11.5). */
export function escalationMail(opts: {
  firstName: string
  tenantName: string
  chatId: number
  customerName: string
  reason: string | null
  url: string
}): Rendered {
  return render(
    `Chat #${opts.chatId} needs a person`,
    `Hello ${opts.firstName},`,
    [
      `${opts.customerName} is waiting for a person in chat #${opts.chatId} at ${opts.tenantName}.`,
      ...(opts.reason ? [`Reason: ${opts.reason}`] : []),
    ],
    { label: 'Open the chat', url: opts.url },
    'You get this email because escalation emails are on in your Proxima profile; you can turn them off there.',
  )
}

/** To a respondent invited to a survey (contract §6.3, §11.5): the personal link works until the survey closes. */
export function surveyInvitationMail(opts: {
  tenantName: string
  topic: string
  url: string
  message: string | null
}): Rendered {
  const paragraphs = [
    `${opts.tenantName} invites you to answer a short survey: "${opts.topic}".`,
    ...(opts.message ? [opts.message] : []),
    'The link is personal and works until the survey closes.',
  ]
  return render(
    `${opts.tenantName} would like your opinion`,
    'Hello,',
    paragraphs,
    { label: 'Answer the survey', url: opts.url },
    'If you do not want to take part, you can ignore this email.',
  )
}
