/** What the widget keeps across page loads, per widget key. */
export type Saved = {
  token: string
  visitorId: number
  chatId: number | null
}

const keyOf = (widgetKey: string) => `proxima-widget:${widgetKey}`

/** Storage may be disabled or full (private modes, sandboxed frames): the widget then simply forgets. */
export const loadSaved = (widgetKey: string): Saved | null => {
  try {
    const raw = window.localStorage.getItem(keyOf(widgetKey))
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<Saved>
    if (typeof value.token !== 'string' || typeof value.visitorId !== 'number') return null
    return {
      token: value.token,
      visitorId: value.visitorId,
      chatId: typeof value.chatId === 'number' ? value.chatId : null,
    }
  } catch {
    return null
  }
}

export const storeSaved = (widgetKey: string, value: Saved | null): void => {
  try {
    if (value) window.localStorage.setItem(keyOf(widgetKey), JSON.stringify(value))
    else window.localStorage.removeItem(keyOf(widgetKey))
  } catch {
    // Nothing to do: the conversation lasts for this page only.
  }
}
