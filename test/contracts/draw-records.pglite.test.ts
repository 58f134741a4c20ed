import { drawRecordsContract } from "./draw-records.contract"
import { drawRecordsDatabaseFacts, drawsOnDatabase } from "./draw-records.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

drawRecordsContract("draw records on PGlite (the DrawRecords adapter)", drawsOnDatabase(database))
drawRecordsDatabaseFacts("the draw records' rows on PGlite", database)
