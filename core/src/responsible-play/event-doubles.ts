import { Effect, Layer, Ref } from "effect"
import { RepositoryError } from "../competitions/errors.js"
import {
  type RecordedResponsiblePlayEvent,
  ResponsiblePlayEvents,
  type ResponsiblePlayEventsShape,
} from "../ports/responsible-play-events.js"

/**
 * The responsible-play log in memory, for tests; `events` reads what was
 * recorded. Given `isCustomer`, it refuses an event about anyone else, as
 * the table's foreign key does; without it, every id is a customer.
 */
export const responsiblePlayLogOver = (isCustomer: (customerId: string) => boolean = () => true) =>
  Effect.gen(function* () {
    const store = yield* Ref.make<readonly RecordedResponsiblePlayEvent[]>([])
    const oldestFirst = (events: readonly RecordedResponsiblePlayEvent[]) =>
      [...events].sort((a, b) => a.at.getTime() - b.at.getTime())
    const log: ResponsiblePlayEventsShape = {
      record: (event) =>
        isCustomer(event.customerId)
          ? Ref.update(store, (events) => [...events, { ...event, id: String(events.length + 1) }])
          : Effect.fail(
              new RepositoryError({
                operation: "responsiblePlayEvents.record",
                cause: "no customer",
              }),
            ),
      forCustomer: (customerId, since) =>
        Effect.map(Ref.get(store), (events) =>
          oldestFirst(events.filter((e) => e.customerId === customerId && e.at >= since)),
        ),
      ofKinds: (kinds, since) =>
        Effect.map(Ref.get(store), (events) =>
          oldestFirst(events.filter((e) => kinds.includes(e.kind) && e.at >= since)),
        ),
    }
    return { log, events: Ref.get(store) }
  })

export const makeResponsiblePlayEventsDouble = responsiblePlayLogOver()

export const ResponsiblePlayEventsDouble = Layer.effect(
  ResponsiblePlayEvents,
  Effect.map(makeResponsiblePlayEventsDouble, ({ log }) => log),
)
