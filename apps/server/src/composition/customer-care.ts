import { Throttle } from "@howzat/core/accounts"
import { ComplaintSettings, Complaints, StaffComplaints } from "@howzat/core/complaints"
import { Contact, ContactSettings, StaffContactMessages } from "@howzat/core/contact"
import { HarmSignals } from "@howzat/core/responsible-play"
import {
  AuditLogLive,
  ComplaintStoreLive,
  ContactMessageStoreLive,
  HarmSignalFactsLive,
  NodeSecureRandomLive,
  OutboxMailerLive,
  ResponsiblePlayEventsLive,
  TransactionsLive,
} from "@howzat/postgres"
import { Layer } from "effect"
import type { accountServices } from "./accounts"
import type { CoreBrandLayer, DbLayer, shopIdentityOf } from "./brand"

/**
 * What a customer says to the shop and what the shop notices: the contact
 * form (decision 0037), complaints and harm signals (decision 0044), each
 * rate-limited like sign-ins.
 */
export const customerCareServices = (
  db: DbLayer,
  accountPorts: Awaited<ReturnType<typeof accountServices>>["accountPorts"],
  identity: ReturnType<typeof shopIdentityOf>,
  coreBrand: CoreBrandLayer,
) => {
  const contact = Layer.mergeAll(Contact.Default, StaffContactMessages.Default).pipe(
    Layer.provide(
      Layer.mergeAll(
        Throttle.Default.pipe(Layer.provide(accountPorts)),
        Layer.mergeAll(
          ContactMessageStoreLive,
          OutboxMailerLive,
          TransactionsLive,
          AuditLogLive,
        ).pipe(Layer.provide(db)),
        Layer.succeed(ContactSettings, {
          careAddress: identity.customerCareEmail,
        }),
        coreBrand,
      ),
    ),
  )
  const responsiblePlay = Layer.mergeAll(
    Complaints.Default,
    StaffComplaints.Default,
    HarmSignals.Default,
  ).pipe(
    Layer.provide(
      Layer.mergeAll(
        Throttle.Default.pipe(Layer.provide(accountPorts)),
        Layer.mergeAll(
          ComplaintStoreLive,
          HarmSignalFactsLive,
          ResponsiblePlayEventsLive,
          OutboxMailerLive,
          TransactionsLive,
          AuditLogLive,
        ).pipe(Layer.provide(db)),
        NodeSecureRandomLive,
        Layer.succeed(ComplaintSettings, { careAddress: identity.customerCareEmail }),
        coreBrand,
      ),
    ),
  )
  return { contact, responsiblePlay }
}
