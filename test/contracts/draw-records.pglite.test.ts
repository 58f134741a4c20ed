import { makeDatabase } from "@howzat/postgres/testing"
import { drawRecordsContract } from "./draw-records.contract"
import { drawsOnDatabase } from "./draw-records.database"

drawRecordsContract(
  "draw records on PGlite (the DrawRecords adapter)",
  drawsOnDatabase(() => makeDatabase({})),
)
