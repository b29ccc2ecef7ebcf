import { z } from 'zod'

/** The standard error body (contract §1.7). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** Legacy form used by sign-in, admin registration and tenant creation: `message.error[0]` is the summary. */
export const LegacyErrorBody = z.object({
  message: z.record(z.string(), z.array(z.string())),
  code: z.string(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type LegacyErrorBody = z.infer<typeof LegacyErrorBody>

export { Texts } from './texts.js'
