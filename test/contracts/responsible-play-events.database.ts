import { ResponsiblePlayEvents } from "@howzat/core/ports/responsible-play-events"
import { migrateToLatest } from "@howzat/postgres/migrations/index"
import type { SuiteDatabase } from "@howzat/postgres/repos/catalogue.suite"
import { newCustomer } from "@howzat/postgres/repos/orders-fixtures"
import { makeResponsiblePlayEvents } from "@howzat/postgres/repos/responsible-play-events"
import { Layer } from "effect"
import type { ResponsiblePlayEventsWorld } from "./responsible-play-events.contract"

/** The responsible-play log contract's world on a real database (PGlite or PostgreSQL). */
export const responsiblePlayEventsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ResponsiblePlayEventsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.succeed(ResponsiblePlayEvents, makeResponsiblePlayEvents(db)),
      newCustomer: () => newCustomer(db),
      close,
    }
  }
