import { makeDatabase } from "@howzat/postgres/testing"
import { harmSignalFactsContract } from "./harm-signal-facts.contract"
import { harmSignalFactsOnDatabase } from "./harm-signal-facts.database"

harmSignalFactsContract(
  "harm-signal facts on PGlite (the HarmSignalFacts adapter)",
  harmSignalFactsOnDatabase(() => makeDatabase({})),
)
