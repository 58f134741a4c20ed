import { clubsContract } from "./clubs.contract"
import { clubsDatabaseFacts, clubsFromBeforeCurrentCodes, clubsOnDatabase } from "./clubs.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

// First: it steps the file's database back to an older schema and migrates it again.
clubsFromBeforeCurrentCodes("clubs from before current codes, on PostgreSQL", database)
clubsContract(
  "clubs on PostgreSQL (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(database),
)
clubsDatabaseFacts("clubs' tables on PostgreSQL", database)
