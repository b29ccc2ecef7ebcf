/** Longest recording the server accepts (contract §4.5). */
export const MAX_RECORDING_MS = 5 * 60 * 1000

const PREFERRED = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/aac']

export type Recording = { blob: Blob; durationMs: number; mimeType: string }

export class RecorderError extends Error {}

export const canRecord = (): boolean =>
  typeof window.MediaRecorder === 'function' && 'getUserMedia' in (navigator.mediaDevices ?? {})

const pickType = (): string | undefined => {
  const isSupported = window.MediaRecorder.isTypeSupported?.bind(window.MediaRecorder)
  return isSupported ? PREFERRED.find((type) => isSupported(type)) : undefined
}

const refusal = (error: unknown): string => {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return "Microphone access was refused. Allow the microphone in your browser's site settings to send voice messages."
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found on this device.'
  if (name === 'NotReadableError') return 'The microphone is in use by another application.'
  return 'The microphone could not be started.'
}

/** Starts recording from the microphone; `stop()` resolves with the audio and its measured duration. */
export const startRecording = async (): Promise<{ stop: () => Promise<Recording>; cancel: () => void }> => {
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true })
  } catch (error) {
    throw new RecorderError(refusal(error))
  }
  const mimeType = pickType()
  let recorder: MediaRecorder
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
  } catch {
    stream.getTracks().forEach((t) => t.stop())
    throw new RecorderError('Voice recording is not supported in this browser.')
  }
  const chunks: Blob[] = []
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  }
  const startedAt = performance.now()
  recorder.start(250)
  const release = () => stream.getTracks().forEach((t) => t.stop())

  return {
    stop: () =>
      new Promise<Recording>((resolve, reject) => {
        const durationMs = Math.round(performance.now() - startedAt)
        recorder.onstop = () => {
          release()
          const type = (recorder.mimeType || mimeType || 'audio/webm').split(';')[0] ?? 'audio/webm'
          const blob = new Blob(chunks, { type })
          if (blob.size === 0) reject(new RecorderError('Nothing was recorded. Try again.'))
          else resolve({ blob, durationMs: Math.min(durationMs, MAX_RECORDING_MS), mimeType: type })
        }
        if (recorder.state === 'inactive') recorder.onstop(new Event('stop'))
        else recorder.stop()
      }),
    cancel: () => {
      recorder.onstop = null
      if (recorder.state !== 'inactive') recorder.stop()
      release()
    },
  }
}

/** A file name whose extension matches the recorded type. */
export const fileNameFor = (mimeType: string): string => {
  if (mimeType.includes('ogg')) return 'voice.ogg'
  if (mimeType.includes('mp4') || mimeType.includes('aac')) return 'voice.m4a'
  return 'voice.webm'
}
