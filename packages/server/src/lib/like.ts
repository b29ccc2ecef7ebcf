/** Escapes `\`, `%` and `_` so user text matches itself in a LIKE/ILIKE pattern (PostgreSQL's default escape `\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** `%text%` for a substring match of user text. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`
