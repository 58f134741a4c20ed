import { ConfigError } from "./config-error"

/**
 * PAYMENT_METHODS: the one setting that names the methods on offer and who
 * takes each (decision 0093), e.g. `card:checkout,bank:truelayer`. The
 * payment page shows them in its own order (the card first, pay by bank
 * first wherever a credit card may not pay), so the order written here does
 * not matter.
 */

export const CARD_PROVIDERS = ["sandbox", "stripe", "checkout"] as const
export const BANK_PROVIDERS = ["truelayer"] as const
export type CardProvider = (typeof CARD_PROVIDERS)[number]
export type BankProvider = (typeof BANK_PROVIDERS)[number]

export interface PaymentMethodsSetting {
  readonly card: CardProvider
  readonly bank: BankProvider | undefined
}

/** What an unset PAYMENT_METHODS means: the built-in test provider's cards, as `npm start` runs. */
export const DEFAULT_PAYMENT_METHODS = "card:sandbox"

const PROVIDERS = { card: CARD_PROVIDERS, bank: BANK_PROVIDERS } as const
type Method = keyof typeof PROVIDERS

const EXAMPLE = "card:checkout,bank:truelayer"

/** The setting as written, each mistake named with what would be right. */
export const readPaymentMethods = (text: string | undefined): PaymentMethodsSetting => {
  const written = text?.trim() || DEFAULT_PAYMENT_METHODS
  const chosen = new Map<Method, string>()
  for (const entry of written.split(",").map((part) => part.trim())) {
    const [method, provider, ...rest] = entry.split(":").map((part) => part.trim())
    if (method !== "card" && method !== "bank") {
      throw new ConfigError(
        `PAYMENT_METHODS names methods as card:<provider> or bank:<provider> (for example ${EXAMPLE}), not "${entry}"`,
      )
    }
    const providers: readonly string[] = PROVIDERS[method]
    if (provider === undefined || rest.length > 0 || !providers.includes(provider)) {
      throw new ConfigError(
        `PAYMENT_METHODS: ${method} is taken by ${providers.join(" or ")}, not "${entry}"`,
      )
    }
    if (chosen.has(method)) {
      throw new ConfigError(`PAYMENT_METHODS names ${method} twice: one provider per method`)
    }
    chosen.set(method, provider)
  }
  const card = chosen.get("card") as CardProvider | undefined
  if (card === undefined) {
    throw new ConfigError(
      `PAYMENT_METHODS must name a card provider: pay by bank is offered beside a card, not alone (for example ${EXAMPLE})`,
    )
  }
  return { card, bank: chosen.get("bank") as BankProvider | undefined }
}

/**
 * The two settings PAYMENT_METHODS replaced: refused, with the line that
 * says the same, so an upgrade cannot quietly fall back to the sandbox.
 */
export const refuseReplacedSettings = (env: Readonly<Record<string, string | undefined>>) => {
  const gateway = env.PAYMENT_GATEWAY?.trim()
  const bank = env.PAY_BY_BANK?.trim()
  if (!gateway && !bank) return
  const same = [`card:${gateway || "sandbox"}`, ...(bank && bank !== "off" ? [`bank:${bank}`] : [])]
  throw new ConfigError(
    `PAYMENT_GATEWAY and PAY_BY_BANK are now one setting: PAYMENT_METHODS=${same.join(",")}`,
  )
}
