/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks'
import { MAX_RECORDING_MS, RecorderError, canRecord, startRecording, type Recording } from './recorder'

type Recorder = Awaited<ReturnType<typeof startRecording>>
/** A finished recording waiting for the visitor to send or discard it; `url` plays it back locally. */
export type Take = Recording & { url: string }

/** Minutes and seconds: `floor` while counting up a recording, rounded for a finished one. */
export const clock = (ms: number, round: (n: number) => number = Math.round) => {
  const s = Math.max(0, round(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A voice message in the making: recording (with its elapsed time), then a take to listen to, send or discard.
 * Nothing is sent from here; the microphone and the take's local URL are released when they are no longer needed.
 */
export const useVoiceNote = (onError: (message: string | null) => void) => {
  const [recorder, setRecorder] = useState<Recorder | null>(null)
  const [starting, setStarting] = useState(false)
  const [elapsed, setElapsed] = useState(0)
  const [take, setTake] = useState<Take | null>(null)
  const liveRef = useRef<{ recorder: Recorder | null; take: Take | null }>({ recorder: null, take: null })
  useEffect(() => {
    liveRef.current = { recorder, take }
  }, [recorder, take])

  // Leaving the page while recording frees the microphone; a kept take frees its URL.
  useEffect(
    () => () => {
      liveRef.current.recorder?.cancel()
      if (liveRef.current.take) URL.revokeObjectURL(liveRef.current.take.url)
    },
    [],
  )

  async function stop() {
    const active = liveRef.current.recorder
    if (!active) return
    liveRef.current = { ...liveRef.current, recorder: null }
    setRecorder(null)
    try {
      const result = await active.stop()
      setTake({ ...result, url: URL.createObjectURL(result.blob) })
    } catch (e) {
      onError(e instanceof RecorderError ? e.message : 'The recording could not be finished.')
    }
  }

  useEffect(() => {
    if (!recorder) return
    const started = Date.now()
    const timer = setInterval(() => {
      const ms = Date.now() - started
      setElapsed(ms)
      if (ms >= MAX_RECORDING_MS) void stop()
    }, 250)
    return () => clearInterval(timer)
    // `stop` reads the live recorder through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recorder])

  const clear = () => {
    if (liveRef.current.take) URL.revokeObjectURL(liveRef.current.take.url)
    setTake(null)
  }

  return {
    recording: Boolean(recorder),
    starting,
    elapsed,
    take,
    start: async () => {
      if (!canRecord()) return onError('Voice messages are not supported in this browser.')
      clear()
      setStarting(true)
      try {
        setElapsed(0)
        setRecorder(await startRecording())
        onError(null)
      } catch (e) {
        onError(e instanceof RecorderError ? e.message : 'The microphone could not be started.')
      } finally {
        setStarting(false)
      }
    },
    stop,
    /** Throws the take away. */
    discard: clear,
  }
}

export const RecordingBar = ({ elapsed, onStop }: { elapsed: number; onStop: () => void }) => (
  <>
    <span class="rec" role="timer">
      Recording {clock(elapsed, Math.floor)}
    </span>
    <button type="button" class="btn stop" onClick={onStop}>
      Stop recording
    </button>
  </>
)

type PreviewProps = { take: Take; onDiscard: () => void; onSend: () => void }

/** The finished recording: play it back, then send it or throw it away. */
export const VoicePreview = ({ take, onDiscard, onSend }: PreviewProps) => {
  const audio = useRef<HTMLAudioElement>(null)
  const play = useRef<HTMLButtonElement>(null)
  const [playing, setPlaying] = useState(false)
  const [position, setPosition] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)

  // The Stop button is gone: focus moves to the take's first control.
  useEffect(() => play.current?.focus(), [])

  const toggle = () => {
    const player = audio.current
    if (!player) return
    if (!player.paused) return player.pause()
    player
      .play()
      .catch(() => setProblem('This website does not allow playing the recording here. You can still send it.'))
  }

  return (
    <div class="preview" role="group" aria-label="Voice message preview">
      <button ref={play} type="button" class="icon btn" onClick={toggle}>
        <span class="sr">{playing ? 'Pause recording' : 'Play recording'}</span>
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <span class="len">
        <span>Voice message</span>{' '}
        <span class="time">
          {playing || position > 0 ? `${clock(position * 1000, Math.floor)} / ` : ''}
          {clock(take.durationMs)}
        </span>
        {problem ? <span class="field-error">{problem}</span> : null}
      </span>
      <audio
        ref={audio}
        src={take.url}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPosition(0)}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
      />
      <button type="button" class="btn ghost" onClick={onDiscard}>
        Discard
      </button>
      <button type="button" class="btn" onClick={onSend}>
        Send
      </button>
    </div>
  )
}

const PlayIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M8 5v14l11-7z" />
  </svg>
)

const PauseIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M6 5h4v14H6zm8 0h4v14h-4z" />
  </svg>
)
