import { makeDatabase } from "@howzat/postgres/testing"
import { drawRecordsContract } from "./draw-records.contract"
import { drawRecordsDatabaseFacts, drawsOnDatabase } from "./draw-records.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(() => makeDatabase({}))

drawRecordsContract(
  "draw records on PGlite (the DrawRecords adapter)",
  drawsOnDatabase(database.open),
)
drawRecordsDatabaseFacts("the draw records' rows on PGlite", database.open)
