import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import FiberManualRecord from '@mui/icons-material/FiberManualRecord'
import MicNone from '@mui/icons-material/MicNone'
import Stop from '@mui/icons-material/Stop'
import { useEffect, useRef, useState } from 'react'
import { formatDuration } from '../format'

const MAX_MS = 5 * 60 * 1000
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4']

const pickType = () =>
  typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
    ? PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type))
    : undefined

const microphoneError = (error: unknown): string => {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return "Microphone access was refused. Allow the microphone for this site in your browser's settings to record voice messages."
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found on this device.'
  if (name === 'NotReadableError') return 'The microphone is in use by another application.'
  return 'Recording could not start in this browser.'
}

type Recording = { recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; startedAt: number; send: boolean }

/** Stops a recording; `send` decides whether its audio is handed on when the recorder has flushed. */
const stopRecording = (recording: Recording | null, send: boolean) => {
  if (!recording) return
  recording.send = send
  if (recording.recorder.state !== 'inactive') recording.recorder.stop()
  else recording.stream.getTracks().forEach((track) => track.stop())
}

type Props = { disabled: boolean; onRecorded: (audio: Blob, durationMs: number) => void }

/** Records a voice message: the elapsed time while recording; Stop sends it, Cancel throws it away. */
export const VoiceRecorder = ({ disabled, onRecorded }: Props) => {
  const [recordingSince, setRecordingSince] = useState<number | null>(null)
  const [elapsed, setElapsed] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const current = useRef<Recording | null>(null)
  const supported = typeof navigator !== 'undefined' && 'getUserMedia' in (navigator.mediaDevices ?? {})

  useEffect(() => {
    if (recordingSince === null) return
    const timer = window.setInterval(() => {
      const ms = Date.now() - recordingSince
      setElapsed(ms)
      if (ms >= MAX_MS) {
        stopRecording(current.current, true)
        current.current = null
        setRecordingSince(null)
      }
    }, 250)
    return () => window.clearInterval(timer)
  }, [recordingSince])

  // Leaving the chat while recording throws the recording away and frees the microphone.
  useEffect(() => () => stopRecording(current.current, false), [])

  const finish = (send: boolean) => {
    stopRecording(current.current, send)
    current.current = null
    setRecordingSince(null)
  }

  const start = async () => {
    setError(null)
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (failure) {
      setError(microphoneError(failure))
      return
    }
    const mimeType = pickType()
    let recorder: MediaRecorder
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
    } catch (failure) {
      stream.getTracks().forEach((track) => track.stop())
      setError(microphoneError(failure))
      return
    }
    const startedAt = Date.now()
    const recording: Recording = { recorder, stream, chunks: [], startedAt, send: false }
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) recording.chunks.push(event.data)
    }
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop())
      const duration = Date.now() - recording.startedAt
      if (!recording.send || recording.chunks.length === 0) return
      onRecorded(new Blob(recording.chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }), duration)
    }
    recorder.start(250)
    current.current = recording
    setElapsed(0)
    setRecordingSince(startedAt)
  }

  if (recordingSince !== null) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <FiberManualRecord color="error" fontSize="small" aria-hidden="true" />
        <Typography variant="body2" role="timer" aria-label="Recording time" sx={{ minWidth: 40 }}>
          {formatDuration(elapsed)}
        </Typography>
        <Button size="small" color="inherit" onClick={() => finish(false)}>
          Cancel
        </Button>
        <Button size="small" variant="contained" color="error" startIcon={<Stop />} onClick={() => finish(true)}>
          Stop recording
        </Button>
      </Box>
    )
  }

  return (
    <>
      <Tooltip title={supported ? 'Record voice message' : 'This browser cannot record audio'}>
        <span>
          <IconButton aria-label="Record voice message" onClick={() => void start()} disabled={disabled || !supported}>
            <MicNone />
          </IconButton>
        </span>
      </Tooltip>
      {error ? (
        <Alert
          severity="warning"
          onClose={() => setError(null)}
          sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 1 }}
        >
          {error}
        </Alert>
      ) : null}
    </>
  )
}
