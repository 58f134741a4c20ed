import { openMigratedPglite } from "../support/suite-database"
import { drawRecordsContract } from "./draw-records.contract"
import { drawRecordsDatabaseFacts, drawsOnDatabase } from "./draw-records.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

drawRecordsContract(
  "draw records on PGlite (the DrawRecords adapter)",
  drawsOnDatabase(database.open),
)
drawRecordsDatabaseFacts("the draw records' rows on PGlite", database.open)
