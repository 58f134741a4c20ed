import { makeDatabase } from "@howzat/postgres/testing"
import { clubsContract } from "./clubs.contract"
import { clubsDatabaseFacts, clubsFromBeforeCurrentCodes, clubsOnDatabase } from "./clubs.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(() => makeDatabase({}))

// First: it migrates the file's database from nothing.
clubsFromBeforeCurrentCodes("clubs from before current codes, on PGlite", database.unmigrated)
clubsContract(
  "clubs on PGlite (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(database.open),
)
clubsDatabaseFacts("clubs' tables on PGlite", database.open)
