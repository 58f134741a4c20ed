import { drawRecordsContract } from "./draw-records.contract"
import {
  drawRecordsDatabaseFacts,
  drawRecordsLockOnServer,
  drawsOnDatabase,
} from "./draw-records.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

drawRecordsContract(
  "draw records on PostgreSQL (the DrawRecords adapter)",
  drawsOnDatabase(database.open),
)
drawRecordsDatabaseFacts("the draw records' rows on PostgreSQL", database.open)
drawRecordsLockOnServer("the draw's row lock on PostgreSQL", database.open)
