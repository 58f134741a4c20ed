import { drawRecordsContract } from "./draw-records.contract"
import {
  drawRecordsDatabaseFacts,
  drawRecordsLockOnServer,
  drawsOnDatabase,
} from "./draw-records.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

drawRecordsContract(
  "draw records on PostgreSQL (the DrawRecords adapter)",
  drawsOnDatabase(database),
)
drawRecordsDatabaseFacts("the draw records' rows on PostgreSQL", database)
drawRecordsLockOnServer("the draw's row lock on PostgreSQL", database)
