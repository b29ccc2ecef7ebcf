export type NavigationState = { from?: string } | null
type Navigate = (to: string, state: NavigationState) => void

let navigate: Navigate | null = null

/** The router registers its navigate function so that non-React code (the HTTP client) can change pages. */
export const registerNavigator = (fn: Navigate): (() => void) => {
  navigate = fn
  return () => {
    if (navigate === fn) navigate = null
  }
}

export const goTo = (to: string, state: NavigationState = null) => {
  if (navigate) navigate(to, state)
  else window.location.assign(to)
}
