import { describe, expect, it } from "vitest"
import { amzDate, sha256Hex, signRequest } from "./sigv4"

const EXAMPLE_CREDENTIALS = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
}
const AT = new Date("2013-05-24T00:00:00Z")

/** AWS's own worked examples (S3 API reference, "Signature Calculations for the Authorization Header"). */
describe("Signature V4", () => {
  it("signs AWS's GET Object example to AWS's signature", () => {
    const signed = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { Range: "bytes=0-9" },
      payloadHash: sha256Hex(""),
      at: AT,
      credentials: EXAMPLE_CREDENTIALS,
    })
    expect(signed.headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    )
  })

  it("signs AWS's PUT Object example, with its encoded key, to AWS's signature", () => {
    const body = "Welcome to Amazon S3."
    const signed = signRequest({
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test%24file.text"),
      headers: {
        Date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      payloadHash: sha256Hex(body),
      at: AT,
      credentials: EXAMPLE_CREDENTIALS,
    })
    expect(signed.headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    )
  })

  it("never puts the secret in what it sends", () => {
    const signed = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/a"),
      headers: {},
      payloadHash: sha256Hex(""),
      at: AT,
      credentials: EXAMPLE_CREDENTIALS,
    })
    expect(JSON.stringify(signed)).not.toContain(EXAMPLE_CREDENTIALS.secretAccessKey)
    expect(amzDate(AT)).toBe("20130524T000000Z")
  })
})
