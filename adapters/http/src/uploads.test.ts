import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { isUpload, nonMultipartProblem, requestBodyLimits, uploadBodyLimitBytes } from "./uploads"

/** An app with the edge's body limits in front of a handler that reads the body. */
const appWithLimits = (uploadLimit: number) => {
  const app = new Hono()
  app.use("*", requestBodyLimits(uploadLimit))
  app.all("*", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)))
  return app
}

const post = (app: Hono, path: string, bytes: number, method = "POST") =>
  app.request(path, {
    method,
    headers: { "content-type": "application/octet-stream", "content-length": String(bytes) },
    body: new Uint8Array(bytes),
  })

describe("the edge's body limits", () => {
  it("gives the upload its own, larger limit and keeps 64 KiB for everything else", async () => {
    const app = appWithLimits(uploadBodyLimitBytes(1024 * 1024, 10))
    expect((await post(app, "/api/Images", 1024 * 1024)).status).toBe(200)
    expect((await post(app, "/api/ImageGroups", 1024 * 1024)).status).toBe(413)
    expect((await post(app, "/api/Images", 1024 * 1024, "PUT")).status).toBe(413)
    expect((await post(app, "/api/Images", 64 * 1024, "PUT")).status).toBe(200)
    const tooBig = await post(app, "/api/Images", 10 * 1024 * 1024 + 64 * 1024 + 1)
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toMatchObject({ detail: expect.stringContaining("An upload") })
  })

  it("takes only POST /api/Images as an upload, and only as multipart/form-data", () => {
    expect(isUpload("POST", "/api/Images")).toBe(true)
    expect(isUpload("POST", "/api/images")).toBe(false)
    expect(isUpload("PUT", "/api/Images")).toBe(false)
    expect(isUpload("POST", "/api/Images/x")).toBe(false)
    expect(nonMultipartProblem("multipart/form-data; boundary=abc")).toBeUndefined()
    expect(nonMultipartProblem("Multipart/Form-Data; boundary=abc")).toBeUndefined()
    for (const type of [undefined, "application/json", "text/plain", "multipart/mixed; boundary=a"])
      expect(nonMultipartProblem(type)?.status).toBe(400)
  })
})
