import { errorMessage, isApiError } from '../../api/errors'
import { describeExport, type ExportRequest } from './export-request'
import { FORMAT_LABEL } from './labels'

/** The ids a report names, by their field, and how the user knows them. */
const NAMED: Record<string, string> = {
  chat_id: 'chat',
  community_id: 'community',
  issue_id: 'issue',
  thread_id: 'thread',
  survey_id: 'survey',
  subgroup_id: 'subgroup',
  topic_id: 'topic',
  assignee: 'staff member',
  // An analytics page's scope.
  community: 'community',
  survey: 'survey',
}

const seconds = (n: number) => (n <= 1 ? 'a second' : `${Math.ceil(n)} seconds`)

/**
 * Why an export failed, in words that say what to do next: the server's sentence when it gave one (413 says to
 * narrow the filters or download CSV; 429 that two exports are running), with what the reply adds (a wait, the
 * field at fault, which named thing was not found).
 */
export function exportErrorMessage(error: unknown, request: ExportRequest): string {
  if (!isApiError(error))
    return error instanceof TypeError
      ? 'The download stopped before the end. Check your connection and try again.'
      : errorMessage(error)
  if (error.status === 429) {
    const wait = error.retryAfter === null ? '' : ` Try again in ${seconds(error.retryAfter)}.`
    return `${error.message}${wait}`
  }
  if (error.status === 400) {
    const reasons = Object.values(error.fieldErrors).flat()
    return reasons.length > 0 && !reasons.includes(error.message)
      ? `${error.message} ${reasons.join(' ')}`
      : error.message
  }
  if (error.status === 404) {
    const { body, title, format } = describeExport(request)
    const named = Object.keys(NAMED)
      .filter((key) => typeof body[key] === 'number')
      .map((key) => NAMED[key])
    const what = `the ${title.toLowerCase()} as ${FORMAT_LABEL[format]}`
    return named.length > 0
      ? `The ${named.join(' or ')} this report is about was not found: it may have been deleted. If it is there, this server may not offer ${what} yet.`
      : `This server does not offer ${what} yet.`
  }
  return error.message
}
