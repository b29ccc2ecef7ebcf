import type { Db } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import type { EventBus } from '../realtime/bus.js'

export type CommunityDeps = { db: Db; clock: Clock; bus: EventBus }

/** Communities, membership (join, leave and their events), favourites and ratings (contract §5). */
export function createCommunityService(deps: CommunityDeps) {
  void deps
  return {}
}

export type CommunityService = ReturnType<typeof createCommunityService>
