/** What the widget says outside business hours when the organisation has not written its own offline message. */
export const DEFAULT_AWAY_MESSAGE = "We're away right now. Leave a message and we'll reply as soon as we can."
