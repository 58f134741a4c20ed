import type { ComplaintReceiptJson, PublicComplaintRequestJson } from "@howzat/contracts/complaints"
import type { SignpostingResponseJson } from "@howzat/contracts/harm-signals"
import { api } from "./client"

/** The complaints form (decision 0044): stored with a reference, acknowledged by email. */
export const sendComplaint = (body: PublicComplaintRequestJson): Promise<ComplaintReceiptJson> =>
  api.complaints.submit({ payload: body })

/** Whether the account pages show the responsible-play panel, and this month's spend. */
export const getSignposting = (
  customerId: string,
  signal?: AbortSignal,
): Promise<SignpostingResponseJson> =>
  api.responsiblePlay.signposting({ path: { customerId }, signal })
