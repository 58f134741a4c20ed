import { backOfficeFiguresContract } from "./back-office-figures.contract"
import { backOfficeFiguresOnDatabase } from "./back-office-figures.database"
import { openPostgres } from "./harness"

backOfficeFiguresContract("the dashboard's figures on PostgreSQL", () =>
  backOfficeFiguresOnDatabase(openPostgres),
)
