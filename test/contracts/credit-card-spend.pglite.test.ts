import { creditCardSpendContract } from "./credit-card-spend.contract"
import { creditCardSpendOnDatabase } from "./credit-card-spend.database"
import { openPglite } from "./harness"

creditCardSpendContract("credit-card spend on PGlite", () => creditCardSpendOnDatabase(openPglite))
