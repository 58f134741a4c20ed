import { oneDatabasePerFile, openPglite } from "./harness"
import { winnersContract } from "./winners.contract"
import { winnersInTheDatabase, winnersOnDatabase } from "./winners.database"

const database = oneDatabasePerFile(openPglite)

winnersContract("winners on PGlite (the WinnerRecords adapter)", winnersOnDatabase(database))
winnersInTheDatabase("winners in PGlite's tables", database)
