import { FileStoreError, type FileStoreShape } from "@howzat/core/ports"
import { isFileKey } from "@howzat/core/rules"
import { Clock, Effect } from "effect"
import { type Credentials, sha256Hex, signRequest } from "./sigv4"

export interface S3Settings extends Credentials {
  /** The service's address: https://s3.eu-west-2.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://localhost:9000 … */
  readonly endpoint: string
  readonly bucket: string
  /** Keys are stored under this prefix ("" for none), so one bucket can serve several shops. */
  readonly prefix: string
  /** `endpoint/bucket/key` (every S3-compatible store) rather than `bucket.endpoint/key` (AWS's default). */
  readonly pathStyle: boolean
  /** How long one call may take before it counts as a failure. */
  readonly timeoutMs?: number | undefined
}

/** The first <Code> of S3's XML error, to say why without echoing the whole body. */
const codeOf = (body: string) => /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? "no error code"

/**
 * An S3-compatible bucket, over fetch with Signature V4 (no SDK: three
 * calls need a hundred lines, not megabytes). Objects are private; the
 * shop's server reads them back and serves them at its own stable URL.
 */
export const s3FileStore = (
  settings: S3Settings,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): FileStoreShape => {
  const endpoint = new URL(settings.endpoint)
  const urlOf = (key: string) => {
    const objectKey = `${settings.prefix}${key}`
    if (settings.pathStyle)
      return new URL(
        `${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${settings.bucket}/${objectKey}`,
      )
    return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${objectKey}`)
  }

  const call = (
    operation: "put" | "get" | "delete",
    key: string,
    method: string,
    body: Uint8Array | undefined,
    headers: Record<string, string>,
  ) =>
    Effect.gen(function* () {
      if (!isFileKey(key))
        return yield* new FileStoreError({ operation, key, cause: "not a file key" })
      const at = new Date(yield* Clock.currentTimeMillis)
      const url = urlOf(key)
      const signed = signRequest({
        method,
        url,
        headers,
        payloadHash: sha256Hex(body ?? new Uint8Array()),
        at,
        credentials: settings,
      })
      return yield* Effect.tryPromise({
        try: async (signal) => {
          const response = await fetchImpl(url, {
            method,
            headers: signed.headers,
            // fetch's types want an ArrayBuffer-backed view; the bytes are one.
            body: body as Uint8Array<ArrayBuffer> | undefined,
            signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs ?? 15_000)]),
          })
          const bytes = new Uint8Array(await response.arrayBuffer())
          return { response, bytes }
        },
        catch: (cause) => new FileStoreError({ operation, key, cause }),
      })
    })

  const refused = (
    operation: "put" | "get" | "delete",
    key: string,
    status: number,
    bytes: Uint8Array,
  ) =>
    new FileStoreError({
      operation,
      key,
      cause: `the store answered ${status} (${codeOf(new TextDecoder().decode(bytes.subarray(0, 2000)))})`,
    })

  return {
    put: (key, bytes, contentType) =>
      Effect.flatMap(
        call("put", key, "PUT", bytes, { "content-type": contentType }),
        ({ response, bytes: answer }) =>
          response.ok ? Effect.void : Effect.fail(refused("put", key, response.status, answer)),
      ),
    get: (key) =>
      Effect.flatMap(call("get", key, "GET", undefined, {}), ({ response, bytes }) => {
        if (response.status === 404) return Effect.succeed(null)
        if (!response.ok) return Effect.fail(refused("get", key, response.status, bytes))
        return Effect.succeed({
          bytes,
          contentType: response.headers.get("content-type") ?? "application/octet-stream",
        })
      }),
    delete: (key) =>
      Effect.flatMap(call("delete", key, "DELETE", undefined, {}), ({ response, bytes }) =>
        response.ok || response.status === 404
          ? Effect.void
          : Effect.fail(refused("delete", key, response.status, bytes)),
      ),
  }
}
