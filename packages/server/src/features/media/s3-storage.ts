import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { VoiceStorageConfig } from '../../config.js'
import { assertSafeKey, type VoiceStorage } from './storage.js'

type S3Config = Extract<VoiceStorageConfig, { kind: 's3' }>

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)

/** The total size from `Content-Range: bytes 0-99/1234`, else the length of a whole-object answer. */
function totalSize(contentRange: string | undefined, contentLength: number | undefined): number {
  const m = contentRange ? /\/(\d+)\s*$/.exec(contentRange) : null
  return m?.[1] ? Number(m[1]) : (contentLength ?? 0)
}

/** Any S3-compatible service (AWS, MinIO, Ceph, R2, …): one bucket, keys as given. */
export function createS3Storage(config: S3Config): VoiceStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Many S3-compatible services do not know the newer default checksums; send them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = config.bucket

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      )
    },

    async read(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertSafeKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        if (!out.Body) return undefined
        return { stream: out.Body as Readable, size: totalSize(out.ContentRange, out.ContentLength) }
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }))
      } catch (err) {
        if (!isMissing(err)) throw err
      }
    },
  }
}
