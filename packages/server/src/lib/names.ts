type Named = { first_name: string | null; last_name: string | null }

/** "Jane Doe"; empty when the account has no name. */
export const fullName = (u: Named) => [u.first_name, u.last_name].filter(Boolean).join(' ').trim()

/** "Jane Doe", or the username when the account has no name. */
export const displayName = (u: Named & { username: string }) => fullName(u) || u.username
