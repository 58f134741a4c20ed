import { backOfficeFiguresSuite } from "./back-office-figures.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

backOfficeFiguresSuite("the dashboard's figures on PostgreSQL", openSuiteDatabaseOnPostgres)
