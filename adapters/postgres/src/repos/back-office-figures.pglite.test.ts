import { makeDatabase } from "../database"
import { backOfficeFiguresSuite } from "./back-office-figures.suite"

backOfficeFiguresSuite("the dashboard's figures on PGlite (in memory)", () => makeDatabase({}))
