import { useEffect, useState } from 'react'
import { fetchPublicSurvey, type PublicSurvey } from './api'

export type Loaded =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; survey: PublicSurvey }

/** The survey behind the link, fetched once (again on `retry`). */
export const usePublicSurvey = (key: string, invite: string | null) => {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<Loaded>({ status: 'loading' })
  useEffect(() => {
    let current = true
    fetchPublicSurvey(key, invite).then(
      (survey) => current && setState({ status: 'ready', survey }),
      (error: unknown) => current && setState({ status: 'error', error }),
    )
    return () => {
      current = false
    }
  }, [key, invite, attempt])
  return {
    state,
    retry: () => {
      setState({ status: 'loading' })
      setAttempt((n) => n + 1)
    },
  }
}
