import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { assertSafeKey, type VoiceStorage } from './storage.js'

const isMissing = (err: unknown) => (err as { code?: string } | undefined)?.code === 'ENOENT'

/**
 * Files under `<dataDir>/media/<key>`. Writes go to a temporary file in the same folder first and are renamed
 * into place, so a reader never sees half a recording.
 */
export function createLocalStorage(dataDir: string): VoiceStorage {
  const root = resolve(dataDir, 'media')
  const pathOf = (key: string) => {
    const path = resolve(root, assertSafeKey(key))
    if (!path.startsWith(root + sep)) throw new Error('Unsafe storage key.')
    return path
  }

  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`)
      try {
        await writeFile(temp, bytes, { flag: 'wx' })
        await rename(temp, path)
      } catch (err) {
        await unlink(temp).catch(() => undefined)
        throw err
      }
    },

    async read(key, range) {
      const path = pathOf(key)
      let size: number
      try {
        size = (await stat(path)).size
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
      const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {})
      return { stream, size }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key))
      } catch (err) {
        if (!isMissing(err)) throw err
      }
    },
  }
}
