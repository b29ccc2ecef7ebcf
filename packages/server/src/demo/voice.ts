import type { VoiceStorage } from '../features/media/storage.js'
import type { DemoVoice } from './chat-write.queries.js'

const RATE = 8000

/**
 * A small valid recording: 8 kHz, 8-bit mono PCM WAV of `seconds`, a hum whose pitch and loudness move like a
 * voice (syllables of about a fifth of a second), so the dashboard's player has something real to play.
 */
export function demoRecording(seconds: number, pitch: number): Buffer {
  const samples = Math.round(seconds * RATE)
  const wav = Buffer.alloc(44 + samples)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples, 4)
  wav.write('WAVE', 8, 'ascii')
  wav.write('fmt ', 12, 'ascii')
  wav.writeUInt32LE(16, 16) // size of the format chunk
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(RATE, 24)
  wav.writeUInt32LE(RATE, 28) // bytes per second
  wav.writeUInt16LE(1, 32) // block align
  wav.writeUInt16LE(8, 34) // bits per sample
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples, 40)
  let phase = 0
  for (let i = 0; i < samples; i++) {
    const t = i / RATE
    const syllable = Math.max(0, Math.sin(Math.PI * t * 5)) ** 2
    const fade = Math.min(1, t * 8, (seconds - t) * 8)
    phase += (2 * Math.PI * pitch * (1 + 0.08 * Math.sin(2 * Math.PI * 1.3 * t))) / RATE
    const v = Math.sin(phase) * 0.6 + Math.sin(2 * phase) * 0.25 + Math.sin(3 * phase) * 0.1
    wav[44 + i] = Math.round(128 + 100 * v * syllable * fade)
  }
  return wav
}

/** Recordings every demo voice message of the organization points at: a handful, shared. */
const RECORDINGS = [
  { seconds: 2.4, pitch: 190 },
  { seconds: 4.2, pitch: 130 },
  { seconds: 3.1, pitch: 220 },
  { seconds: 6.5, pitch: 115 },
  { seconds: 1.8, pitch: 205 },
]

/** Writes the recordings to voice storage under the organization's prefix. */
export async function storeDemoVoices(storage: VoiceStorage, tenantId: number): Promise<DemoVoice[]> {
  const voices: DemoVoice[] = []
  for (const [i, r] of RECORDINGS.entries()) {
    const bytes = demoRecording(r.seconds, r.pitch)
    const key = `voice/${tenantId}/demo-${i + 1}.wav`
    await storage.put(key, bytes, 'audio/wav')
    voices.push({ key, mimeType: 'audio/wav', sizeBytes: bytes.length, durationMs: Math.round(r.seconds * 1000) })
  }
  return voices
}

/** The keys `storeDemoVoices` wrote, to remove them with their organization. */
export const demoVoiceKeys = (tenantId: number) => RECORDINGS.map((_, i) => `voice/${tenantId}/demo-${i + 1}.wav`)
