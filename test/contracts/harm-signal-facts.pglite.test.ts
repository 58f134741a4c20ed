import { openMigratedPglite } from "../support/suite-database"
import { harmSignalFactsContract } from "./harm-signal-facts.contract"
import { harmSignalFactsOnDatabase } from "./harm-signal-facts.database"

harmSignalFactsContract(
  "harm-signal facts on PGlite (the HarmSignalFacts adapter)",
  harmSignalFactsOnDatabase(openMigratedPglite),
)
