import type { Db } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { createAddressService } from './address.service.js'
import { createMetadataService } from './metadata.service.js'
import { createProductService } from './products.service.js'

/** A tenant's products, billing address and key–value metadata, one service per record kind. */
export function createRecordsService(deps: { db: Db; clock: Clock }) {
  return {
    products: createProductService(deps),
    address: createAddressService(deps),
    metadata: createMetadataService(deps),
  }
}

export type RecordsService = ReturnType<typeof createRecordsService>
