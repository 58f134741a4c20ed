import { oneDatabasePerFile, openPostgres } from "./harness"
import { liveCompetitionsContract } from "./live-competitions.contract"
import { liveCompetitionsOnDatabase, liveSetLockOnPostgres } from "./live-competitions.database"

const database = oneDatabasePerFile(openPostgres)

liveCompetitionsContract("the live competitions on PostgreSQL", () =>
  liveCompetitionsOnDatabase(database),
)
liveSetLockOnPostgres("the live set's lock on PostgreSQL", database)
