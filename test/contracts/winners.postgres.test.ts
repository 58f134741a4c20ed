import { oneDatabasePerFile, openPostgres } from "./harness"
import { winnersContract } from "./winners.contract"
import { winnersInTheDatabase, winnersOnDatabase } from "./winners.database"

const database = oneDatabasePerFile(openPostgres)

winnersContract("winners on PostgreSQL (the WinnerRecords adapter)", winnersOnDatabase(database))
winnersInTheDatabase("winners in PostgreSQL's tables", database)
