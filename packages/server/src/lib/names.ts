type Named = { first_name: string | null; last_name: string | null }

/** "Jane Doe"; empty when the account has no name. */
export const fullName = (u: Named) => [u.first_name, u.last_name].filter(Boolean).join(' ').trim()

/** A widget visitor as chats show them: the name they left, else their contact, else "Visitor #12". */
export const visitorName = (v: { name?: string | null; contact?: string | null } | undefined, id: number | null) =>
  v?.name || v?.contact || `Visitor #${id ?? ''}`

/** "Jane Doe", or the username when the account has no name. */
export const displayName = (u: Named & { username: string }) => fullName(u) || u.username
