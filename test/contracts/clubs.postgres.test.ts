import { clubsContract } from "./clubs.contract"
import { clubsOnDatabase } from "./clubs.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

clubsContract(
  "clubs on PostgreSQL (the ClubStore and ClubDirectory adapters)",
  clubsOnDatabase(openSuiteDatabaseOnPostgres),
)
