import { clubsContract } from "./clubs.contract"
import { clubsDatabaseFacts, clubsFromBeforeCurrentCodes, clubsOnDatabase } from "./clubs.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

// First: it steps the file's database back to an older schema and migrates it again.
clubsFromBeforeCurrentCodes("clubs from before current codes, on PGlite", database)
clubsContract(
  "clubs on PGlite (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(database),
)
clubsDatabaseFacts("clubs' tables on PGlite", database)
