import { randomUUID } from "node:crypto"
import { ResponsiblePlayEvents } from "@howzat/core/ports"
import { responsiblePlayLogOver } from "@howzat/core/testing"
import { Effect, Layer } from "effect"
import { responsiblePlayEventsContract } from "./responsible-play-events.contract"

responsiblePlayEventsContract(
  "the responsible-play log in memory (the ResponsiblePlayEvents double)",
  async () => {
    const customers = new Set<string>()
    // Built once, so every call of the suite sees the same log.
    const { log } = await Effect.runPromise(
      responsiblePlayLogOver((customerId) => customers.has(customerId)),
    )
    return {
      layer: Layer.succeed(ResponsiblePlayEvents, log),
      newCustomer: async () => {
        const id = randomUUID()
        customers.add(id)
        return id
      },
      close: async () => {},
    }
  },
)
