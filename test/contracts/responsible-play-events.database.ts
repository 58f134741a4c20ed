import { ResponsiblePlayEvents } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeResponsiblePlayEvents, newCustomer } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ResponsiblePlayEventsWorld } from "./responsible-play-events.contract"

/** The responsible-play log contract's world on a real database (PGlite or PostgreSQL). */
export const responsiblePlayEventsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ResponsiblePlayEventsWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.succeed(ResponsiblePlayEvents, makeResponsiblePlayEvents(db)),
      newCustomer: () => newCustomer(db),
      close,
    }
  }
