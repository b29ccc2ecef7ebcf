import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { errorMessage, isApiError } from '../../api/errors'

/** Where a form shows a failure that belongs to no single field. */
export const ROOT_ERROR = 'root.server' as const

/**
 * The fields of a form that the server's reasons may name: the form's own field names, or a function that says which
 * field shows the reason the server gave for a (dotted) path such as `widget.greeting` or `keywords.3`, if any.
 */
export type ServerFields<T extends FieldValues> =
  readonly FieldPath<T>[] | ((serverField: string) => FieldPath<T> | undefined)

/** The field of the form for each field the server gave a reason for, with the first reason. */
const reasonsFor = <T extends FieldValues>(
  fieldErrors: Record<string, string[]>,
  fields: ServerFields<T>,
): [FieldPath<T>, string][] => {
  if (typeof fields !== 'function') {
    return fields.flatMap((field) => {
      const reason = fieldErrors[field]?.[0]
      return reason ? [[field, reason] as [FieldPath<T>, string]] : []
    })
  }
  const out = new Map<FieldPath<T>, string>()
  for (const [key, reasons] of Object.entries(fieldErrors)) {
    const field = fields(key)
    if (field && reasons[0] && !out.has(field)) out.set(field, reasons[0])
  }
  return [...out]
}

/**
 * Puts a failed submit's reasons where the user looks: each reason the server gave for a field the form shows goes
 * under that field, and the sentence goes above the submit button unless a field already says the same.
 */
export const showSubmitError = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: ServerFields<T>,
): void => {
  const shown: string[] = []
  if (isApiError(error)) {
    reasonsFor(error.fieldErrors, fields).forEach(([field, reason], index) => {
      setError(field, { type: 'server', message: reason }, { shouldFocus: index === 0 })
      shown.push(reason)
    })
  }
  const message = errorMessage(error)
  if (!shown.includes(message)) setError(ROOT_ERROR, { type: 'server', message })
}
