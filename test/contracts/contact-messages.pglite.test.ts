import { openMigratedPglite } from "../support/suite-database"
import { contactMessagesContract } from "./contact-messages.contract"
import { contactMessagesOnDatabase } from "./contact-messages.database"

contactMessagesContract(
  "contact messages on PGlite (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(openMigratedPglite),
)
