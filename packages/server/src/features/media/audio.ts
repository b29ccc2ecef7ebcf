import { fileTypeFromBuffer } from 'file-type'
import { parseBuffer } from 'music-metadata'

/** Sniffed container → the content type stored and served (contract §4.5). */
const ALLOWED: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  '3gp': 'audio/3gpp',
}

/** The audio type the bytes really are, or undefined when they are not an allowed recording. */
export async function sniffVoiceType(bytes: Buffer): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes)
  return found ? ALLOWED[found.ext] : undefined
}

/** The playing time the file states or its frames add up to, in milliseconds; undefined when it does not tell. */
export async function readDurationMs(bytes: Buffer, mimeType: string): Promise<number | undefined> {
  try {
    const meta = await parseBuffer(bytes, { mimeType, size: bytes.length }, { duration: true, skipCovers: true })
    const seconds = meta.format.duration
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined
  } catch {
    // A file the sniffer accepted but the parser cannot read: the client's figure is used instead.
    return undefined
  }
}
