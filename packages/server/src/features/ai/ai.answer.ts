import type { FastifyBaseLogger } from 'fastify'
import { Texts, planById, type AiMeta } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { AppError, notFound } from '../../lib/errors.js'
import type { AiConfig } from '../../config.js'
import type { AiProvider } from './provider.js'
import { AiFailure } from './failure.js'
import { findAiTenant, returnAiRequest, takeAiRequest } from './ai.queries.js'
import { monthKey, secondsUntilNextMonth } from './quota.js'

export type AiServiceDeps = {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  config: Pick<AiConfig, 'provider' | 'fallbackLocal' | 'timeoutMs'>
  /** The offline engine, made on first use. */
  local: () => AiProvider
  /** The external provider; null when `AI_BASE_URL` is not set. */
  openai: AiProvider | null
}

export type AiTenant = NonNullable<Awaited<ReturnType<typeof findAiTenant>>>
/** A provider's result and the reply metadata, given the size of what the reply shows. */
export type Answer<T> = { result: T; meta: (outputChars: number) => AiMeta }

/** Runs `fn` with a signal that aborts at the time limit, and stops waiting for it then. */
async function withDeadline<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = new AiFailure('timeout', `No answer within ${ms} ms.`)
      ac.abort(failure)
      reject(failure)
    }, ms)
  })
  try {
    return await Promise.race([fn(ac.signal), expired])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * How every AI helper gets an answer: picks the provider per tenant, bounds it in time, counts the plan's monthly
 * allowance (only answers count), falls back to the local engine when configured, and maps failures to 502/504.
 */
export function createAnswerer({ db, clock, log, config, local, openai }: AiServiceDeps) {
  /** The caller's tenant as the AI helpers see it. */
  async function tenantOf(actor: StaffActor): Promise<AiTenant> {
    const t = await findAiTenant(db, actor.tenantId)
    if (!t) throw notFound()
    return t
  }

  function choose(t: AiTenant): AiProvider {
    if (config.provider === 'local' || !t.ai_external_processing) return local()
    if (!openai) throw new AppError(503, 'ai.unavailable', Texts.aiUnavailable)
    return openai
  }

  async function attempt<T>(task: string, provider: AiProvider, call: (p: AiProvider, s: AbortSignal) => Promise<T>) {
    const started = performance.now()
    try {
      return await withDeadline(config.timeoutMs, (signal) => call(provider, signal))
    } catch (err) {
      const ms = Math.round(performance.now() - started)
      const failure = err instanceof AiFailure ? err : null
      if (failure)
        log.warn({ ai: task, provider: provider.name, kind: failure.kind, status: failure.status, ms }, 'ai failed')
      else log.error({ ai: task, provider: provider.name, err, ms }, 'ai provider crashed')
      throw failure ?? new AiFailure('failed', 'The provider crashed.')
    }
  }

  /** One counted answer: quota, provider (and fallback), the reply's metadata. */
  async function answer<T>(
    t: AiTenant,
    task: string,
    inputChars: number,
    call: (p: AiProvider, signal: AbortSignal) => Promise<T>,
  ): Promise<Answer<T>> {
    const provider = choose(t)
    const now = clock.now()
    const month = monthKey(now, t.timezone)
    if (!(await takeAiRequest(db, t.id, month, planById(t.plan).limits.ai_requests_per_month, now))) {
      throw new AppError(429, 'ai.quota_exceeded', Texts.aiQuotaExceeded, {
        headers: { 'Retry-After': String(secondsUntilNextMonth(now, t.timezone)) },
      })
    }
    const started = performance.now()
    let used = provider
    let result: T
    try {
      try {
        result = await attempt(task, provider, call)
      } catch (err) {
        if (provider.name !== 'openai' || !config.fallbackLocal) throw err
        used = local()
        result = await attempt(task, used, call)
      }
    } catch (err) {
      await returnAiRequest(db, t.id, month)
      if (err instanceof AiFailure && err.kind === 'timeout') throw new AppError(504, 'ai.timeout', Texts.aiTimeout)
      throw new AppError(502, 'ai.provider_error', Texts.aiProviderError)
    }
    const fallback = used !== provider
    return {
      result,
      meta: (outputChars) => {
        const ms = Math.round(performance.now() - started)
        log.info(
          {
            ai: task,
            provider: used.name,
            model: used.model,
            fallback,
            input_chars: inputChars,
            output_chars: outputChars,
            ms,
          },
          'ai answered',
        )
        return {
          provider: used.name,
          model: used.model,
          fallback,
          generated_at: isoRequired(clock.now()),
          usage: { input_chars: inputChars, output_chars: outputChars },
        }
      },
    }
  }

  return { tenantOf, answer }
}
