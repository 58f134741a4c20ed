import { clubsContract } from "./clubs.contract"
import { clubsDatabaseFacts, clubsFromBeforeCurrentCodes, clubsOnDatabase } from "./clubs.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

// First: it steps the file's database back to an older schema and migrates it again.
clubsFromBeforeCurrentCodes("clubs from before current codes, on PostgreSQL", database.open)
clubsContract(
  "clubs on PostgreSQL (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(database.open),
)
clubsDatabaseFacts("clubs' tables on PostgreSQL", database.open)
