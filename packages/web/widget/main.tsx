/** @jsxImportSource preact */
import { render } from 'preact'
import { useErrorBoundary } from 'preact/hooks'
import type { ComponentChildren } from 'preact'
import { createApi } from './api'
import { App } from './App'
import { STYLES } from './styles'

/**
 * Entry of the embeddable widget:
 * `<script src="https://<proxima host>/widget.js" data-tenant="<widget key>" async></script>`.
 * The API origin is the origin this script was loaded from; everything renders inside a shadow root.
 */

const findScript = (): HTMLScriptElement | null => {
  const current = document.currentScript
  if (current instanceof HTMLScriptElement && current.dataset.tenant) return current
  const all = document.querySelectorAll<HTMLScriptElement>('script[data-tenant][src]')
  for (const script of Array.from(all)) if (/\/widget\.js(\?|#|$)/.test(script.src)) return script
  return null
}

/** A rendering failure hides the widget instead of reaching the host page. */
const Guard = ({ children }: { children: ComponentChildren }) => {
  const [error] = useErrorBoundary((e: unknown) => console.warn('Proxima chat widget stopped:', e)) as [
    unknown,
    () => void,
  ]
  return error ? null : <>{children}</>
}

const mount = async (script: HTMLScriptElement) => {
  const widgetKey = script.dataset.tenant?.trim() ?? ''
  if (!widgetKey) return console.warn('Proxima chat widget: the script tag needs a data-tenant attribute.')
  const api = createApi(new URL(script.src, window.location.href).origin)
  let config
  try {
    config = await api.config(widgetKey)
  } catch (e) {
    return console.warn('Proxima chat widget: the configuration could not be loaded.', e)
  }
  if (!config.enabled) return

  const host = document.createElement('div')
  host.setAttribute('data-proxima-widget', '')
  const root = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = STYLES
  root.appendChild(style)
  const container = document.createElement('div')
  root.appendChild(container)
  document.body.appendChild(host)
  render(
    <Guard>
      <App api={api} widgetKey={widgetKey} config={config} />
    </Guard>,
    container,
  )
}

const start = () => {
  const flag = '__proximaWidgetLoaded'
  const globals = window as unknown as Record<string, unknown>
  if (globals[flag]) return
  globals[flag] = true
  const script = findScript()
  if (!script) return console.warn('Proxima chat widget: its script tag was not found.')
  const run = () => void mount(script).catch((e: unknown) => console.warn('Proxima chat widget failed to start.', e))
  if (document.body) run()
  else document.addEventListener('DOMContentLoaded', run, { once: true })
}

try {
  start()
} catch (e) {
  console.warn('Proxima chat widget failed to start.', e)
}
