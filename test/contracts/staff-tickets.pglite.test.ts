import { makeDatabase } from "@howzat/postgres/testing"
import { staffTicketsContract } from "./staff-tickets.contract"
import { staffTicketsOnDatabase } from "./staff-tickets.database"

staffTicketsContract(
  "staff ticket reads on PGlite (the StaffTicketReads adapter)",
  staffTicketsOnDatabase(() => makeDatabase({})),
)
