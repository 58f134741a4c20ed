import { backOfficeFiguresContract } from "./back-office-figures.contract"
import { backOfficeFiguresOnDatabase } from "./back-office-figures.database"
import { openPglite } from "./harness"

backOfficeFiguresContract("the dashboard's figures on PGlite", () =>
  backOfficeFiguresOnDatabase(openPglite),
)
