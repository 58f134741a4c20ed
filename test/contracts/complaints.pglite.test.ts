import { makeDatabase } from "@howzat/postgres/testing"
import { complaintsContract } from "./complaints.contract"
import { complaintsOnDatabase } from "./complaints.database"

complaintsContract(
  "complaints on PGlite (the ComplaintStore adapter)",
  complaintsOnDatabase(() => makeDatabase({})),
)
