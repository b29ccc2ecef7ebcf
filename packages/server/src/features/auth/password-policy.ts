import { dictionary } from '@zxcvbn-ts/language-common'
import { Texts } from '@proxima/contracts'

// The list is ranked by frequency; the first 10,000 are "the most common passwords" (contract §2.9).
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()))

/**
 * Rules the shape schema cannot know: not a common password, not the username or email.
 * Returns the reasons, empty when the password is acceptable.
 */
export function passwordProblems(password: string, who: { username?: string | null; email?: string | null }): string[] {
  const lower = password.toLowerCase()
  const problems: string[] = []
  if (COMMON.has(lower)) problems.push(Texts.passwordCommon)
  const localPart = who.email?.split('@')[0]?.toLowerCase()
  if (
    (who.username && lower === who.username.toLowerCase()) ||
    (who.email && lower === who.email.toLowerCase()) ||
    (localPart && localPart.length >= 8 && lower === localPart)
  ) {
    problems.push('The password is too similar to your username or email.')
  }
  return problems
}
