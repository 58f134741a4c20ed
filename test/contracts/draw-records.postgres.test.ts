import { drawRecordsContract } from "./draw-records.contract"
import { drawsOnDatabase } from "./draw-records.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

drawRecordsContract(
  "draw records on PostgreSQL (the DrawRecords adapter)",
  drawsOnDatabase(openSuiteDatabaseOnPostgres),
)
