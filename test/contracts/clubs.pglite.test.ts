import { openMigratedPglite } from "../support/suite-database"
import { clubsContract } from "./clubs.contract"
import { clubsOnDatabase } from "./clubs.database"

clubsContract(
  "clubs on PGlite (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(openMigratedPglite),
)
