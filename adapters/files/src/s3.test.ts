import { afterAll, afterEach, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { s3FileStore } from "./s3"
import { sha256Hex } from "./sigv4"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const SETTINGS = {
  endpoint: "https://s3.eu-west-2.example.com",
  bucket: "howzat-files",
  prefix: "shop/",
  pathStyle: true,
  region: "eu-west-2",
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "a-secret-that-must-never-be-sent",
}
const KEY = `images/${"ab".repeat(32)}.png`
const OBJECT_URL = `${SETTINGS.endpoint}/howzat-files/shop/${KEY}`
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])
const NOON = Date.parse("2026-11-24T12:00:00Z")

/** Every request the fake bucket receives, as it arrived. */
const bucket = (answer: (request: Request) => Response | Promise<Response>) => {
  const seen: { method: string; url: string; headers: Headers; body: Uint8Array }[] = []
  server.use(
    http.all(`${SETTINGS.endpoint}/*`, async ({ request }) => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: new Uint8Array(await request.clone().arrayBuffer()),
      })
      return answer(request)
    }),
  )
  return seen
}

const at = <A, E>(effect: Effect.Effect<A, E>) => Effect.zipRight(TestClock.setTime(NOON), effect)

describe("the S3-compatible file store", () => {
  it.effect(
    "puts an object with a signed request: scope, signed headers, payload hash, content type",
    () =>
      Effect.gen(function* () {
        const seen = bucket(() => new HttpResponse(null, { status: 200 }))
        yield* at(s3FileStore(SETTINGS).put(KEY, PNG, "image/png"))
        const [put] = seen
        expect(put?.method).toBe("PUT")
        expect(put?.url).toBe(OBJECT_URL)
        expect(put?.body).toEqual(PNG)
        expect(put?.headers.get("content-type")).toBe("image/png")
        expect(put?.headers.get("x-amz-date")).toBe("20261124T120000Z")
        expect(put?.headers.get("x-amz-content-sha256")).toBe(sha256Hex(PNG))
        expect(put?.headers.get("authorization")).toMatch(
          /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261124\/eu-west-2\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
        )
        expect([...(put?.headers.values() ?? [])].join(" ")).not.toContain(SETTINGS.secretAccessKey)
      }),
  )

  it.effect("addresses the bucket as a host name when path style is off", () =>
    Effect.gen(function* () {
      const seen: string[] = []
      server.use(
        http.all("https://howzat-files.s3.eu-west-2.example.com/*", ({ request }) => {
          seen.push(request.url)
          return new HttpResponse(null, { status: 204 })
        }),
      )
      yield* at(s3FileStore({ ...SETTINGS, pathStyle: false }).delete(KEY))
      expect(seen).toEqual([`https://howzat-files.s3.eu-west-2.example.com/shop/${KEY}`])
    }),
  )

  it.effect("gets an object's bytes and content type, and null for one that is not there", () =>
    Effect.gen(function* () {
      bucket((request) =>
        request.url.endsWith(".png")
          ? new HttpResponse(PNG, { headers: { "content-type": "image/png" } })
          : new HttpResponse("<Error><Code>NoSuchKey</Code></Error>", { status: 404 }),
      )
      const store = s3FileStore(SETTINGS)
      expect(yield* at(store.get(KEY))).toEqual({ bytes: PNG, contentType: "image/png" })
      expect(yield* at(store.get(KEY.replace(".png", ".gif")))).toBeNull()
    }),
  )

  it.effect("deletes, and takes a missing object as deleted", () =>
    Effect.gen(function* () {
      const seen = bucket(() => new HttpResponse(null, { status: 404 }))
      yield* at(s3FileStore(SETTINGS).delete(KEY))
      expect(seen.map((s) => s.method)).toEqual(["DELETE"])
    }),
  )

  it.effect("fails with the store's error code, never its whole answer, when it refuses", () =>
    Effect.gen(function* () {
      bucket(
        () =>
          new HttpResponse(
            "<Error><Code>SignatureDoesNotMatch</Code><Message>long text</Message></Error>",
            { status: 403 },
          ),
      )
      const error = yield* Effect.flip(at(s3FileStore(SETTINGS).put(KEY, PNG, "image/png")))
      expect(error).toMatchObject({
        _tag: "FileStoreError",
        operation: "put",
        key: KEY,
        cause: "the store answered 403 (SignatureDoesNotMatch)",
      })
    }),
  )

  it.effect("fails when the store cannot be reached, and refuses a key that is not one", () =>
    Effect.gen(function* () {
      bucket(() => HttpResponse.error())
      const store = s3FileStore(SETTINGS)
      expect(yield* Effect.flip(at(store.get(KEY)))).toMatchObject({
        _tag: "FileStoreError",
        operation: "get",
      })
      const climbing = yield* Effect.flip(at(store.get("../secrets")))
      expect(climbing).toMatchObject({ _tag: "FileStoreError", cause: "not a file key" })
    }),
  )
})
