/**
 * A provider that did not produce a usable answer: `timeout` (past the time limit), `failed` (the server answered an
 * error or could not be reached), `invalid` (its output failed validation, after the repair attempt). Messages
 * never hold prompt or output text.
 */
export class AiFailure extends Error {
  readonly kind: 'timeout' | 'failed' | 'invalid'
  readonly status: number | undefined

  constructor(kind: AiFailure['kind'], message: string, opts: { status?: number | undefined } = {}) {
    super(message)
    this.name = 'AiFailure'
    this.kind = kind
    this.status = opts.status
  }
}
