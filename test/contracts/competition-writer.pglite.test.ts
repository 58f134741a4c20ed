import { competitionWriterContract } from "./competition-writer.contract"
import { competitionWriterOnDatabase } from "./competition-writer.database"
import { openPglite } from "./harness"

competitionWriterContract("creating competitions on PGlite", () =>
  competitionWriterOnDatabase(openPglite),
)
