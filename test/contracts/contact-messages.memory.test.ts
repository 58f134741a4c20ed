import {
  contactMessageStoreOver,
  contactTransactionsOver,
  emptyContact,
} from "@howzat/core/testing"
import { Layer } from "effect"
import { contactMessagesContract } from "./contact-messages.contract"

contactMessagesContract("contact messages in memory (the ContactMessageStore double)", async () => {
  const state = emptyContact()
  return {
    layer: Layer.merge(contactMessageStoreOver(state), contactTransactionsOver(state)),
    removeAll: async () => {
      state.messages.length = 0
    },
    close: async () => {},
  }
})
