import { randomBytes } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Mono PCM WAV of `seconds` of a tone: a 44-byte RIFF header followed by the samples. */
export function wav(seconds: number, { rate = 8000, bits = 16 }: { rate?: number; bits?: 8 | 16 } = {}): Buffer {
  const bytesPerSample = bits / 8
  const samples = Math.round(seconds * rate)
  const data = Buffer.alloc(samples * bytesPerSample)
  for (let i = 0; i < samples; i++) {
    const v = Math.sin((2 * Math.PI * 440 * i) / rate)
    if (bits === 16) data.writeInt16LE(Math.round(v * 8000), i * 2)
    else data.writeUInt8(128 + Math.round(v * 60), i)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * bytesPerSample, 28)
  header.writeUInt16LE(bytesPerSample, 32)
  header.writeUInt16LE(bits, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, 417 bytes each, about 26 ms each) with silent payloads. */
export function mp3(frames: number): Buffer {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  return Buffer.concat(Array.from({ length: frames }, () => frame))
}

/** The first bytes of a PNG image. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  randomBytes(64),
])

export type FilePart = { name: string; filename: string; contentType: string; data: Buffer }

/** A multipart/form-data body written by hand: text fields, then files. */
export function multipart(fields: Record<string, string | number>, files: FilePart[] = []) {
  const boundary = `----proxima${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export const audioPart = (data: Buffer, contentType = 'audio/wav', filename = 'note.wav'): FilePart => ({
  name: 'audio',
  filename,
  contentType,
  data,
})

/** Every file under a folder, recursively (paths relative to it). */
export function filesUnder(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path).map((p) => join(name, p)) : [name]
  })
}

/** The path and query of an absolute URL, for `app.inject`. */
export const localPath = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}
