import { openMigratedPglite } from "../support/suite-database"
import { responsiblePlayEventsContract } from "./responsible-play-events.contract"
import { responsiblePlayEventsOnDatabase } from "./responsible-play-events.database"

responsiblePlayEventsContract(
  "the responsible-play log on PGlite (the ResponsiblePlayEvents adapter)",
  responsiblePlayEventsOnDatabase(openMigratedPglite),
)
