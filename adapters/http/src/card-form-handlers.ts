import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import type { CardFormJson, PayByBankJson } from "@howzat/contracts/payments"
import { Effect } from "effect"

/**
 * GET /api/PaymentProviders/card-form: the card form the composition root
 * chose with the payment provider, and pay by bank when offered, the same
 * for everyone for the server's life.
 */
export const CardFormHandlersLive = (cardForm: CardFormJson, payByBank: PayByBankJson | null) =>
  HttpApiBuilder.group(HowzatApi, "paymentProviders", (handlers) =>
    Effect.succeed(handlers.handle("cardForm", () => Effect.succeed({ cardForm, payByBank }))),
  )
