import { drawRecordsSuite } from "./draw-records.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

drawRecordsSuite("the draw records on PostgreSQL", openSuiteDatabaseOnPostgres, {
  concurrent: true,
})
