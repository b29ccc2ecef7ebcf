import type { ControllerFieldState } from 'react-hook-form'

/**
 * `aria-describedby` for a MUI TextField that also has a description of its own (a character counter): the field's
 * error, while it has one (MUI's helper text id), then that description.
 */
export const describedBy = (inputId: string, fieldState: ControllerFieldState, own: string): string =>
  fieldState.error ? `${inputId}-helper-text ${own}` : own
