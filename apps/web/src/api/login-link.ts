import { api } from "./client"

/**
 * Asks for a one-time login link by email (docs/product/api.md request-login-token); the
 * server answers the same whether or not an account exists.
 */
export const requestLoginLink = (email: string) =>
  api.auth.requestLoginToken({ payload: { email } })
