import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { harmSignalFactsContract } from "./harm-signal-facts.contract"
import { harmSignalFactsOnDatabase } from "./harm-signal-facts.database"

harmSignalFactsContract(
  "harm-signal facts on PostgreSQL (the HarmSignalFacts adapter)",
  harmSignalFactsOnDatabase(openSuiteDatabaseOnPostgres),
)
