/** Pay by bank's settings as an operator writes them, on TrueLayer's sandbox (a PEM with \n escapes). */
export const TRUELAYER_SETTINGS = {
  PAYMENT_METHODS: "card:sandbox,bank:truelayer",
  TRUELAYER_CLIENT_ID: "client",
  TRUELAYER_CLIENT_SECRET: "secret",
  TRUELAYER_SIGNING_KEY_ID: "kid",
  TRUELAYER_SIGNING_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nMIH\\n-----END PRIVATE KEY-----",
  TRUELAYER_MERCHANT_ACCOUNT_ID: "merchant",
} as const
