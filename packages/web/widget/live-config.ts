import { useEffect, useState } from 'preact/hooks'
import type { Api, WidgetConfig } from './api'

/** How often an open page asks again whether the organisation is open (business hours turn at whole minutes). */
const RECHECK_MS = 60_000

/**
 * The widget's configuration, kept current while the page stays open: asked again every minute while the page is
 * visible, and at once when it becomes visible again, so that "we're away" comes and goes with the business hours
 * without a reload (the server's clock and the organisation's time zone decide). A failed check keeps what was
 * known. The intervals start when each page loads, so visitors' checks do not all arrive in the same second.
 */
export const useLiveConfig = (api: Api, widgetKey: string, loaded: WidgetConfig): WidgetConfig => {
  const [config, setConfig] = useState(loaded)
  useEffect(() => {
    let stopped = false
    const recheck = () => {
      if (document.visibilityState !== 'visible') return
      api.config(widgetKey).then(
        (next) => {
          if (!stopped) setConfig(next)
        },
        () => undefined,
      )
    }
    const timer = window.setInterval(recheck, RECHECK_MS)
    document.addEventListener('visibilitychange', recheck)
    return () => {
      stopped = true
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', recheck)
    }
  }, [api, widgetKey])
  return config
}
