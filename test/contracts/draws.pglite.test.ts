import { makeDatabase } from "@howzat/postgres/testing"
import { drawsOnDatabase } from "./draw-records.database"
import { drawsContract } from "./draws.contract"

drawsContract(
  "draws across competitions on PGlite (the DrawRecords and DrawRepo adapters)",
  drawsOnDatabase(() => makeDatabase({})),
)
