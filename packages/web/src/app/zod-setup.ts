import { config } from 'zod/mini'

/*
 * Imported first by each entry (main.tsx, auth-main.tsx, survey-main.tsx), before any schema parses. Zod would otherwise probe
 * `new Function` on its first object parse to compile a faster parser, which the pages' Content Security Policy
 * (no 'unsafe-eval') refuses and reports as a violation; parsing without it is fast enough for forms.
 */
config({ jitless: true })
