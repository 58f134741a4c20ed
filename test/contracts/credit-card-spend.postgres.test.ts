import { creditCardSpendContract } from "./credit-card-spend.contract"
import { creditCardSpendOnDatabase } from "./credit-card-spend.database"
import { openPostgres } from "./harness"

creditCardSpendContract("credit-card spend on PostgreSQL", () =>
  creditCardSpendOnDatabase(openPostgres),
)
