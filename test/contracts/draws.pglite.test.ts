import { openMigratedPglite } from "../support/suite-database"
import { drawsOnDatabase } from "./draw-records.database"
import { drawsContract } from "./draws.contract"

drawsContract(
  "draws across competitions on PGlite (the DrawRecords and DrawRepo adapters)",
  drawsOnDatabase(openMigratedPglite),
)
