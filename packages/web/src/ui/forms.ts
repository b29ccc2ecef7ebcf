import type { z } from 'zod'
import { isApiError } from '../api/errors'

export type FieldErrors = Partial<Record<string, string>>

/** The first reason per top-level field of a failed zod parse. */
export const zodFieldErrors = (error: z.ZodError): FieldErrors => {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    if (!out[key]) out[key] = issue.message
  }
  return out
}

/** Validates input with a contracts schema; returns the parsed value or the field errors. */
export const validate = <S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } => {
  const result = schema.safeParse(input)
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error) }
}

/** Field reasons the server gave (standard `errors` or the legacy `message` object), first per field. */
export const serverFieldErrors = (error: unknown): FieldErrors => {
  if (!isApiError(error)) return {}
  const out: FieldErrors = {}
  for (const [key, reasons] of Object.entries(error.fieldErrors)) if (reasons[0]) out[key] = reasons[0]
  return out
}

/** Keeps only the fields a form shows, so field errors land under the right input. */
export const pickErrors = (errors: FieldErrors, fields: readonly string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => fields.includes(key)))
