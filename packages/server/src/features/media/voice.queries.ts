import type { Executor } from '../../db/database.js'

/** Bytes of voice recordings a tenant keeps: every message that still has its audio (contract §3.3). */
export async function voiceBytesInUse(ex: Executor, tenantId: number): Promise<number> {
  const row = await ex
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.sum<string | number | null>('voice_size_bytes').as('bytes'))
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('voice_size_bytes', 'is not', null)
    .executeTakeFirst()
  return Number(row?.bytes ?? 0)
}

/**
 * A message's stored recording, for serving it; undefined when the message is gone or has no audio. Found by the
 * message id alone, whatever its tenant: the signed link is the permission (contract §4.5).
 */
export function findVoiceOfMessage(ex: Executor, messageId: number) {
  return ex
    .selectFrom('chat_messages')
    .select(['id', 'voice_key', 'voice_mime_type', 'voice_size_bytes'])
    .where('id', '=', messageId)
    .where('deleted_at', 'is', null)
    .where('voice_key', 'is not', null)
    .executeTakeFirst()
}
