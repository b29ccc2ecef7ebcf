import type { VoiceStorageConfig } from '../../config.js'
import { createLocalStorage } from './local-storage.js'
import { createS3Storage } from './s3-storage.js'
import type { VoiceStorage } from './storage.js'

/** The storage the configuration names. */
export function createVoiceStorage(config: VoiceStorageConfig, dataDir: string): VoiceStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(dataDir)
}
