import { openPglite } from "./harness"
import { liveCompetitionsContract } from "./live-competitions.contract"
import { liveCompetitionsOnDatabase } from "./live-competitions.database"

liveCompetitionsContract("the live competitions on PGlite", () =>
  liveCompetitionsOnDatabase(openPglite),
)
