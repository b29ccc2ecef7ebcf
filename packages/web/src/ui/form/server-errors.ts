import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { errorMessage, isApiError } from '../../api/errors'

/** Where a form shows a failure that belongs to no single field. */
export const ROOT_ERROR = 'root.server' as const

/**
 * Puts a failed submit's reasons where the user looks: each reason the server gave for a field the form shows goes
 * under that field, and the sentence goes above the submit button unless a field already says the same.
 */
export const showSubmitError = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): void => {
  const shown: string[] = []
  if (isApiError(error)) {
    let focused = false
    for (const field of fields) {
      const reason = error.field(field)
      if (!reason) continue
      setError(field, { type: 'server', message: reason }, { shouldFocus: !focused })
      focused = true
      shown.push(reason)
    }
  }
  const message = errorMessage(error)
  if (!shown.includes(message)) setError(ROOT_ERROR, { type: 'server', message })
}
