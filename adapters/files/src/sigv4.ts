import { createHash, createHmac } from "node:crypto"

/**
 * AWS Signature Version 4 for S3 requests, as AWS documents it ("Signature
 * Calculations for the Authorization Header"). Every S3-compatible store
 * (AWS, Cloudflare R2, Backblaze B2, MinIO, Ceph) takes it.
 */
export interface Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly region: string
}

export const sha256Hex = (data: Uint8Array | string) =>
  createHash("sha256").update(data).digest("hex")

const hmac = (key: Uint8Array | string, data: string) =>
  createHmac("sha256", key).update(data).digest()

/** RFC 3986 encoding, as S3 wants it: everything but A-Z a-z 0-9 - . _ ~ (and / in a path). */
const encode = (text: string, keepSlash: boolean) =>
  [...new TextEncoder().encode(text)]
    .map((byte) => {
      const c = String.fromCharCode(byte)
      return /[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`
    })
    .join("")

/** "20130524T000000Z" */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")

export interface SignedRequest {
  readonly headers: Record<string, string>
  /** What was signed, for tests and debugging: never contains the secret. */
  readonly canonicalRequest: string
  readonly stringToSign: string
}

/**
 * Signs a request. `headers` are the ones to send and sign besides host,
 * x-amz-date and x-amz-content-sha256, which are added; the payload hash is
 * of the body actually sent (S3 checks it).
 */
export const signRequest = (request: {
  readonly method: string
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly payloadHash: string
  readonly at: Date
  readonly credentials: Credentials
  readonly service?: string
}): SignedRequest => {
  const { credentials, url } = request
  const date = amzDate(request.at)
  const day = date.slice(0, 8)
  const service = request.service ?? "s3"
  const all: Record<string, string> = {
    host: url.host,
    "x-amz-date": date,
    "x-amz-content-sha256": request.payloadHash,
  }
  for (const [name, value] of Object.entries(request.headers))
    all[name.toLowerCase()] = value.trim().replace(/\s+/g, " ")
  const names = Object.keys(all).sort()
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k, false), encode(v, false)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&")
  const canonicalRequest = [
    request.method,
    encode(decodeURIComponent(url.pathname), true),
    canonicalQuery,
    ...names.map((name) => `${name}:${all[name]}`),
    "",
    names.join(";"),
    request.payloadHash,
  ].join("\n")
  const scope = `${day}/${credentials.region}/${service}/aws4_request`
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonicalRequest)].join("\n")
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    "aws4_request",
  )
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex")
  const { host: _host, ...sent } = all
  return {
    headers: {
      ...sent,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
  }
}
