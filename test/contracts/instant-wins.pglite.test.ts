import { openMigratedPglite } from "../support/suite-database"
import { instantWinsContract } from "./instant-wins.contract"
import { instantWinsOnDatabase } from "./instant-wins.database"

instantWinsContract(
  "instant wins on PGlite (the InstantWinRepo adapter)",
  instantWinsOnDatabase(openMigratedPglite),
)
