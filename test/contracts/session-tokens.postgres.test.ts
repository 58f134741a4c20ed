import { openPostgres } from "./harness"
import { sessionTokensContract } from "./session-tokens.contract"
import { sessionTokensOnDatabase } from "./session-tokens.database"

sessionTokensContract("session and one-time tokens on PostgreSQL", () =>
  sessionTokensOnDatabase(openPostgres),
)
