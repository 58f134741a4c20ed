import { makeDatabase } from "@howzat/postgres/testing"
import { instantWinsContract } from "./instant-wins.contract"
import { instantWinsOnDatabase } from "./instant-wins.database"

instantWinsContract(
  "instant wins on PGlite (the InstantWinRepo adapter)",
  instantWinsOnDatabase(() => makeDatabase({})),
)
