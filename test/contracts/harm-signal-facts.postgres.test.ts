import { harmSignalFactsContract } from "./harm-signal-facts.contract"
import { harmSignalFactsOnDatabase } from "./harm-signal-facts.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

harmSignalFactsContract(
  "harm-signal facts on PostgreSQL (the HarmSignalFacts adapter)",
  harmSignalFactsOnDatabase(openSuiteDatabaseOnPostgres),
)
