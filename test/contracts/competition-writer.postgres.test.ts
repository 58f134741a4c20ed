import { competitionWriterContract } from "./competition-writer.contract"
import { competitionWriterOnDatabase } from "./competition-writer.database"
import { openPostgres } from "./harness"

competitionWriterContract("creating competitions on PostgreSQL", () =>
  competitionWriterOnDatabase(openPostgres),
)
