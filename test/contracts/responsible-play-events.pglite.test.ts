import { makeDatabase } from "@howzat/postgres/testing"
import { responsiblePlayEventsContract } from "./responsible-play-events.contract"
import { responsiblePlayEventsOnDatabase } from "./responsible-play-events.database"

responsiblePlayEventsContract(
  "the responsible-play log on PGlite (the ResponsiblePlayEvents adapter)",
  responsiblePlayEventsOnDatabase(() => makeDatabase({})),
)
