import type { CommunityDeps } from './communities.service.js'

/** Comments (staff replies included) and reactions (contract §5). */
export function createCommentService(deps: CommunityDeps) {
  void deps
  return {}
}

export type CommentService = ReturnType<typeof createCommentService>
