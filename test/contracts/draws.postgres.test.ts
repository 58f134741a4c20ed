import { drawsOnDatabase } from "./draw-records.database"
import { drawsContract } from "./draws.contract"
import { openSuiteDatabaseOnPostgres } from "./harness"

drawsContract(
  "draws across competitions on PostgreSQL (the DrawRecords and DrawRepo adapters)",
  drawsOnDatabase(openSuiteDatabaseOnPostgres),
)
