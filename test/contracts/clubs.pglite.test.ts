import { openMigratedPglite } from "../support/suite-database"
import { clubsContract } from "./clubs.contract"
import { clubsDatabaseFacts, clubsFromBeforeCurrentCodes, clubsOnDatabase } from "./clubs.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

// First: it steps the file's database back to an older schema and migrates it again.
clubsFromBeforeCurrentCodes("clubs from before current codes, on PGlite", database.open)
clubsContract(
  "clubs on PGlite (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(database.open),
)
clubsDatabaseFacts("clubs' tables on PGlite", database.open)
