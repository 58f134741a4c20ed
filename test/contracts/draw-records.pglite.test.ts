import { openMigratedPglite } from "../support/suite-database"
import { drawRecordsContract } from "./draw-records.contract"
import { drawsOnDatabase } from "./draw-records.database"

drawRecordsContract(
  "draw records on PGlite (the DrawRecords adapter)",
  drawsOnDatabase(openMigratedPglite),
)
