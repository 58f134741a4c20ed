import { contactMessagesContract } from "./contact-messages.contract"
import { contactMessagesOnDatabase } from "./contact-messages.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

contactMessagesContract(
  "contact messages on PostgreSQL (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(openSuiteDatabaseOnPostgres),
)
