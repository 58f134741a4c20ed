import { openPostgres } from "./harness"
import { liveCompetitionsContract } from "./live-competitions.contract"
import { liveCompetitionsOnDatabase } from "./live-competitions.database"

liveCompetitionsContract("the live competitions on PostgreSQL", () =>
  liveCompetitionsOnDatabase(openPostgres),
)
