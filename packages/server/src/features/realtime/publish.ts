import type { BusEvent, EventBus } from './bus.js'

/**
 * Publishes events a transaction produced (chat changes, notifications, …), in order; call it once that
 * transaction has committed, so no listener hears of a change that was rolled back.
 */
export function publishEvents(bus: Pick<EventBus, 'publish'>, events: readonly BusEvent[]) {
  for (const event of events) bus.publish(event)
}
