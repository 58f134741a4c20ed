import { makeDatabase } from "../database"
import { drawRecordsSuite } from "./draw-records.suite"

drawRecordsSuite("the draw records on PGlite (in memory)", () => makeDatabase({}), {
  concurrent: false,
})
