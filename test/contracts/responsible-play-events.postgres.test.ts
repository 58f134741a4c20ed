import { openSuiteDatabaseOnPostgres } from "./harness"
import { responsiblePlayEventsContract } from "./responsible-play-events.contract"
import { responsiblePlayEventsOnDatabase } from "./responsible-play-events.database"

responsiblePlayEventsContract(
  "the responsible-play log on PostgreSQL (the ResponsiblePlayEvents adapter)",
  responsiblePlayEventsOnDatabase(openSuiteDatabaseOnPostgres),
)
