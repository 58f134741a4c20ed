import type { ContactRequestJson } from "@howzat/contracts/contact"
import { api } from "./client"

/** The contact form (decision 0037): stored and mailed to customer care. */
export const sendContactMessage = (body: ContactRequestJson) => api.contact.send({ payload: body })
