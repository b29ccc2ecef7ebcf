import type { CommunityDeps } from './communities.service.js'

/** Issues and their one thread each (contract §5). */
export function createIssueService(deps: CommunityDeps) {
  void deps
  return {}
}

export type IssueService = ReturnType<typeof createIssueService>
