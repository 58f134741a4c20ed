import type {
  SandboxConfirmRequestJson,
  SandboxConfirmResponseJson,
} from "@howzat/contracts/orders"
import { requestHeaders, send } from "./client"
import { SANDBOX_CONFIRM_PATH } from "./endpoints.gen"

/**
 * The sandbox card provider's own call, outside /api and outside the
 * HttpApi, as a real provider's script would post to its own host. The
 * provider, not our API, sees the card: it is never sent with the bearer
 * token, and only to this site's own path.
 */
export const confirmSandboxPayment = async (
  body: SandboxConfirmRequestJson,
  options: { readonly xsrfToken?: string; readonly fetch?: typeof fetch } = {},
): Promise<SandboxConfirmResponseJson> =>
  // The provider answers with its contract's shape; like every answer here it is not decoded again.
  (await send(SANDBOX_CONFIRM_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: requestHeaders(true, undefined, options.xsrfToken),
    body,
    fetch: options.fetch,
    unreachable: "The card provider",
  })) as SandboxConfirmResponseJson
