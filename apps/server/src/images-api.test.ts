import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { pence, sniffImage, variantKeys } from "@howzat/core/rules"
import { createCompetition } from "@howzat/postgres"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * docs/product/api.md's Images and ImageGroups through the real composition: uploads
 * as multipart/form-data judged by their bytes and size, stored in a real
 * folder and served at a content-addressed URL; refusals that store
 * nothing; staff only.
 */
let shop: Shop
let filesDir: string
let visitor: Browser
let customer: Browser
let staff: Browser

const MAX_BYTES = 2048
/** A real 1×1 PNG, as an image editor writes it. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
)
const GIF = Buffer.from("R0lGODlhAQABAAAAACw=", "base64")

let pictures = 0
/**
 * A small real picture no other test uploads: what is stored is the
 * picture re-encoded (decision 0066), so bytes appended to one picture
 * would all be stored as the same file.
 */
const picture = (format: "png" | "gif" = "png") => {
  const n = ++pictures
  return sharp({
    create: { width: 3, height: 2, channels: 3, background: { r: n % 256, g: n >> 8, b: 77 } },
  })
    .toFormat(format)
    .toBuffer()
}

type ImageJson = {
  id: string
  url: string
  description: string
  sortOrder: number
  imageGroupId: string | null
  directory: string
  contentType: string | null
  byteSize: number | null
}
type GroupJson = { id: string; name: string; description: string; images: ImageJson[] }

/** A browser's multipart POST: its cookies, XSRF echo and bearer token, as the back office sends them. */
const upload = (
  browser: Browser,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  options: { directory?: string; description?: string } = {},
) => {
  const form = new FormData()
  for (const file of files)
    form.append(
      "files",
      new Blob([Uint8Array.from(file.bytes)], { type: file.type ?? "image/png" }),
      file.name,
    )
  if (options.description !== undefined) form.append("description", options.description)
  return postForm(browser, form, options.directory)
}

const postForm = (browser: Browser, form: FormData, directory?: string) => {
  const headers = new Headers({ "x-forwarded-for": browser.address })
  headers.set("cookie", [...browser.cookies].map(([name, c]) => `${name}=${c.value}`).join("; "))
  const xsrf = browser.cookie("XSRF-TOKEN")
  if (xsrf) headers.set("x-xsrf-token", xsrf)
  if (browser.accessToken) headers.set("authorization", `Bearer ${browser.accessToken}`)
  const query = directory === undefined ? "" : `?directory=${encodeURIComponent(directory)}`
  return shop.app.request(`/api/Images${query}`, { method: "POST", headers, body: form })
}

const storedFiles = () => {
  try {
    return readdirSync(path.join(filesDir, "images"))
  } catch {
    return []
  }
}
const imageCount = async () =>
  (await json<{ totalCount: number }>(await staff.get("/api/Images?PageSize=1"))).totalCount

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), "howzat-images-api-"))
  shop = await openShop({ FILES_DIR: filesDir, IMAGE_MAX_BYTES: String(MAX_BYTES) })
  visitor = await new Browser(shop.app).open()
  customer = await new Browser(shop.app).open()
  await register(customer)
  staff = (await signedInStaff(shop)).browser
})
afterAll(() => shop?.close())

describe("uploading images", () => {
  it("stores a real PNG under the SHA-256 of its stored bytes and serves it for a year, with its type and nosniff", async () => {
    const { images } = await json<{ images: ImageJson[] }>(
      await upload(staff, [{ name: "Signed bat.png", bytes: TINY_PNG }], {
        directory: "competitions",
      }),
      201,
    )
    const served = await visitor.get(images[0]?.url ?? "")
    expect(served.status).toBe(200)
    const stored = Buffer.from(await served.arrayBuffer())
    const sha = createHash("sha256").update(stored).digest("hex")
    expect(images).toEqual([
      expect.objectContaining({
        url: `/files/images/${sha}.png`,
        description: "Signed bat",
        directory: "competitions",
        contentType: "image/png",
        byteSize: stored.length,
        imageGroupId: null,
      }),
    ])
    // The same picture: re-encoded, not the bytes sent (decision 0066).
    expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(TINY_PNG).raw().toBuffer())
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(served.headers.get("x-content-type-options")).toBe("nosniff")
    const head = await shop.app.request(images[0]?.url ?? "", { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-length")).toBe(String(stored.length))
    await problem(await visitor.get(`/files/images/${"0".repeat(64)}.png`), 404)
    await problem(await visitor.get("/files/IMAGES/x.PNG"), 404)
    const audit = await shop.db
      .selectFrom("auditLog")
      .selectAll()
      .where("subjectId", "=", images[0]?.id ?? "")
      .execute()
    expect(audit.map((a) => [a.action, a.subjectType, a.before])).toEqual([
      ["Image.Create", "Image", null],
    ])
  })

  it("refuses a decompression bomb by the size it declares, storing nothing", async () => {
    // A PNG whose header declares 30000 × 30000 pixels (2.7 GB decoded): the bytes that follow
    // never matter, since nothing may decode it to find out.
    const bomb = Buffer.concat([
      Buffer.from("89504e470d0a1a0a0000000d49484452000075300000753008020000003a3e4b5e", "hex"),
      randomBytes(64),
    ])
    const before = { count: await imageCount(), files: storedFiles() }
    const refused = await problem(
      await upload(staff, [{ name: "bomb.png", bytes: new Uint8Array(bomb) }]),
      400,
    )
    expect(refused.detail).toContain(
      '"bomb.png" is 30,000 × 30,000 pixels: please use a picture of at most 40 megapixels.',
    )
    expect(await imageCount()).toBe(before.count)
    expect(storedFiles()).toEqual(before.files)
  })

  it("judges by the bytes, not the name or declared type: a text file renamed .png is refused, naming it, and nothing is stored", async () => {
    const before = { count: await imageCount(), files: storedFiles() }
    const refused = await problem(
      await upload(staff, [
        { name: "good.gif", bytes: GIF, type: "image/gif" },
        {
          name: "notes.png",
          bytes: Buffer.from("Dear staff, this is not a picture."),
          type: "image/png",
        },
      ]),
      400,
    )
    expect(refused.type).toContain("image-refused")
    expect(refused.detail).toContain('"notes.png" is not a JPEG, PNG, WebP, GIF or AVIF image.')
    expect(refused.errors?.files).toHaveLength(1)
    expect(await imageCount()).toBe(before.count)
    expect(storedFiles()).toEqual(before.files)
  })

  it("refuses a file over the limit, naming it, and stores nothing", async () => {
    const before = { count: await imageCount(), files: storedFiles() }
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_BYTES)])
    const refused = await problem(await upload(staff, [{ name: "huge.png", bytes: big }]), 400)
    expect(refused.detail).toContain('"huge.png" is larger than 2 KB.')
    expect(await imageCount()).toBe(before.count)
    expect(storedFiles()).toEqual(before.files)
  })

  it("refuses an upload with no file, one that is not multipart, and a directory that climbs", async () => {
    const none = await problem(await upload(staff, []), 400)
    expect(none.errors?.files).toEqual(["Choose at least one image to upload."])
    const asJson = await problem(await staff.post("/api/Images", { files: [] }), 400)
    expect(asJson.errors?.files?.[0]).toContain("multipart/form-data")
    const climbing = await problem(
      await upload(staff, [{ name: "a.png", bytes: TINY_PNG }], { directory: "../../etc" }),
      400,
    )
    expect(Object.keys(climbing.errors ?? {})).toEqual(["directory"])
  })

  it("refuses a form with a flood of parts or an outsized field, as unreadable rather than a 500", async () => {
    const form = new FormData()
    for (let n = 0; n < 25; n++) form.append("note", "x")
    const flooded = await problem(await postForm(staff, form), 400)
    expect(flooded.errors?.files).toEqual(["Upload at most 10 images at a time."])
    const long = new FormData()
    long.append("description", "x".repeat(9000))
    long.append("files", new Blob([Uint8Array.from(TINY_PNG)]), "a.png")
    const outsized = await problem(await postForm(staff, long), 400)
    expect(outsized.errors?.files).toEqual(["The description is too long."])
  })

  it("refuses a body far past any upload at the edge, before reading it", async () => {
    const tooMuch = Array.from({ length: 11 }, (_, n) => ({
      name: `${n}.png`,
      bytes: Buffer.concat([TINY_PNG, Buffer.alloc(MAX_BYTES + 10_000)]),
    }))
    const response = await upload(staff, tooMuch)
    expect(response.status).toBe(413)
  })

  it("is for staff: 401 to nobody, 403 to a customer, and nothing stored", async () => {
    const files = storedFiles()
    const png = [{ name: "a.png", bytes: randomBytes(8) }]
    expect((await problem(await upload(visitor, png), 401)).status).toBe(401)
    expect(
      (await problem(await upload(customer, [{ name: "a.png", bytes: TINY_PNG }]), 403)).status,
    ).toBe(403)
    await problem(await visitor.get("/api/Images"), 401)
    await problem(await customer.get("/api/Images"), 403)
    await problem(await customer.get("/api/ImageGroups"), 403)
    expect(storedFiles()).toEqual(files)
  })
})

describe("what a stored picture gives away (decision 0066)", () => {
  /**
   * A phone photograph as a winner takes it at home: stored sideways with
   * EXIF Orientation 6 (shown turned a quarter), the phone's make and the
   * GPS position of the house.
   */
  const phonePhoto = () =>
    sharp({ create: { width: 40, height: 20, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "PhoneCo", Model: "PhoneCo 15" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 2644/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 3965/100",
        },
      })
      .toBuffer()

  it("serves the original upright with no EXIF: no GPS position, no camera, no orientation tag", async () => {
    const photo = await phonePhoto()
    const sent = await sharp(photo).metadata()
    expect([sent.width, sent.height, sent.orientation, sent.exif === undefined]).toEqual([
      40,
      20,
      6,
      false,
    ])
    const { images } = await json<{ images: ImageJson[] }>(
      await upload(staff, [{ name: "winner at home.jpg", bytes: photo, type: "image/jpeg" }]),
      201,
    )
    const image = images[0] as ImageJson
    const served = Buffer.from(await (await visitor.get(image.url)).arrayBuffer())
    const kept = await sharp(served).metadata()
    expect(kept.format).toBe("jpeg")
    expect(kept.exif).toBeUndefined()
    expect(kept.orientation).toBeUndefined()
    expect(served.includes("PhoneCo")).toBe(false)
    // The quarter turn is in the pixels now, so it still shows as the phone held it.
    expect([kept.width, kept.height]).toEqual([20, 40])
    // The row and the URL describe the bytes served, not the upload.
    expect(image.byteSize).toBe(served.length)
    expect(image.url).toBe(`/files/images/${createHash("sha256").update(served).digest("hex")}.jpg`)
  })
  it("stores the same photograph sent with another position once, under one URL", async () => {
    const elsewhere = await sharp({
      create: { width: 40, height: 20, channels: 3, background: "#c33" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 52/1 0/1" } })
      .toBuffer()
    const [first, second] = await Promise.all(
      [await phonePhoto(), elsewhere].map(async (bytes) => {
        const { images } = await json<{ images: ImageJson[] }>(
          await upload(staff, [{ name: "winner.jpg", bytes, type: "image/jpeg" }]),
          201,
        )
        return images[0] as ImageJson
      }),
    )
    expect(second?.url).toBe(first?.url)
  })

  it("refuses a file that only starts like a picture, naming it, and stores nothing", async () => {
    // A JPEG's first bytes, then noise: it sniffs as a JPEG and declares no size; libvips cannot read it.
    const damaged = Buffer.concat([(await phonePhoto()).subarray(0, 40), randomBytes(400)])
    const before = { count: await imageCount(), files: storedFiles() }
    const refused = await problem(
      await upload(staff, [
        { name: "fine.png", bytes: await picture() },
        { name: "damaged.jpg", bytes: damaged, type: "image/jpeg" },
      ]),
      400,
    )
    const message =
      'We couldn\'t read "damaged.jpg" as a picture. Please upload a JPEG, PNG or WebP image.'
    expect(refused.type).toContain("image-refused")
    expect(refused.detail).toBe(`Nothing was uploaded. ${message}`)
    expect(refused.errors?.files).toEqual([message])
    expect(await imageCount()).toBe(before.count)
    expect(storedFiles()).toEqual(before.files)
  })
})

describe("editing and deleting images", () => {
  it("edits the description and sort order, finds by description, and deletes the file with its last image", async () => {
    const bytes = await picture()
    const { images } = await json<{ images: ImageJson[] }>(
      await upload(staff, [{ name: "x.png", bytes }]),
      201,
    )
    const id = images[0]?.id ?? ""
    const { image } = await json<{ image: ImageJson }>(
      await staff.put(`/api/Images/${id}`, { description: "Kookaburra match ball", sortOrder: 2 }),
    )
    expect(image).toMatchObject({ description: "Kookaburra match ball", sortOrder: 2 })
    const found = await json<{ images: ImageJson[] }>(
      await staff.get("/api/Images?Description=kookaburra"),
    )
    expect(found.images.map((i) => i.id)).toEqual([id])
    expect((await staff.request("DELETE", `/api/Images/${id}`)).status).toBe(204)
    expect((await visitor.get(image.url)).status).toBe(404)
    await problem(await staff.get(`/api/Images/${id}`), 404)
    await problem(await staff.request("DELETE", `/api/Images/${id}`), 404)
  })
})

describe("AVIF and WebP variants of uploaded photographs (decision 0049)", () => {
  const uploaded = async (bytes: Uint8Array, name = "photo.png") => {
    const { images } = await json<{ images: ImageJson[] }>(
      await upload(staff, [{ name, bytes }]),
      201,
    )
    return images[0] as ImageJson
  }
  const keyOf = (url: string) => url.slice("/files/".length)

  it("makes every variant at upload and serves each with its type, for a year, with nosniff", async () => {
    const image = await uploaded(await picture())
    const stored = storedFiles()
    for (const key of variantKeys(keyOf(image.url)))
      expect(stored).toContain(key.slice("images/".length))
    for (const format of ["avif", "webp"] as const) {
      const served = await visitor.get(`${image.url}.w640.${format}`)
      expect(served.status).toBe(200)
      expect(served.headers.get("content-type")).toBe(`image/${format}`)
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
      expect(served.headers.get("x-content-type-options")).toBe("nosniff")
      const sha = keyOf(image.url).slice("images/".length, -".png".length)
      expect(served.headers.get("etag")).toBe(`"${sha}.w640.${format}"`)
      // Really that format, as a browser will decode it.
      expect(sniffImage(new Uint8Array(await served.arrayBuffer()))).toBe(format)
    }
  })

  it("makes a missing variant from its original on first request, and stores it", async () => {
    const image = await uploaded(await picture())
    const key = `${keyOf(image.url)}.w320.webp`
    const onDisk = path.join(filesDir, ...key.split("/"))
    // As for an image uploaded before variants existed.
    rmSync(onDisk)
    const served = await visitor.get(`/files/${key}`)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/webp")
    expect(sniffImage(new Uint8Array(await served.arrayBuffer()))).toBe("webp")
    expect(existsSync(onDisk)).toBe(true)
  })

  it("refuses widths off the ladder, other formats, GIFs and missing originals (404), never a 500", async () => {
    const png = await uploaded(await picture())
    const gif = await uploaded(await picture("gif"), "moving.gif")
    for (const url of [
      `${png.url}.w641.avif`,
      `${png.url}.w0640.avif`,
      `${png.url}.w640.jpg`,
      `${png.url}.w640.png`,
      `${png.url}.w99999999.webp`,
      `${png.url}.w640.avif.w640.avif`,
      `${gif.url}.w640.avif`,
      `/files/images/${"0".repeat(64)}.png.w640.avif`,
      "/files/images/..%2F..%2Fetc.png.w640.avif",
    ]) {
      const answer = await visitor.get(url)
      expect([url, answer.status]).toEqual([url, 404])
    }
  })

  /**
   * An original stored before uploads were re-encoded (decision 0066), with bytes
   * that only start like a picture: a PNG header of a small picture, then noise.
   */
  const brokenOriginal = () => {
    const bytes = Buffer.concat([TINY_PNG.subarray(0, 24), randomBytes(32)])
    const key = `images/${createHash("sha256").update(bytes).digest("hex")}.png`
    mkdirSync(path.join(filesDir, "images"), { recursive: true })
    writeFileSync(path.join(filesDir, ...key.split("/")), bytes)
    return `/files/${key}`
  }

  it("sends the browser to the original when its bytes cannot be resized", async () => {
    const url = brokenOriginal()
    const answer = await visitor.get(`${url}.w320.avif`)
    expect(answer.status).toBe(302)
    expect(answer.headers.get("location")).toBe(url)
    expect(storedFiles()).not.toContain(`${keyOf(url).slice("images/".length)}.w320.avif`)
  })

  it("says so in one line, once, however often anyone asks for its variants", async () => {
    // Anonymous requests cost nothing to send: each must not write a stack trace to the log.
    const url = brokenOriginal()
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    try {
      for (let i = 0; i < 5; i++) await visitor.get(`${url}.w640.avif`)
      await visitor.get(`${url}.w320.webp`)
      const lines = warn.mock.calls.filter((call) => String(call[0]).includes(keyOf(url)))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toHaveLength(1)
      expect(String(lines[0]?.[0])).not.toContain("\n")
    } finally {
      warn.mockRestore()
    }
  })

  it("deletes the variants with the last image that keeps the original's bytes", async () => {
    const image = await uploaded(await picture())
    const sha = keyOf(image.url).slice("images/".length).replace(/\..*$/, "")
    expect(storedFiles().filter((f) => f.startsWith(sha))).toHaveLength(13)
    expect((await staff.request("DELETE", `/api/Images/${image.id}`)).status).toBe(204)
    expect(storedFiles().filter((f) => f.startsWith(sha))).toEqual([])
    expect((await visitor.get(`${image.url}.w640.avif`)).status).toBe(404)
  })
})

describe("image groups", () => {
  it("are created, read, reordered and deleted by staff, with their images kept", async () => {
    const { images } = await json<{ images: ImageJson[] }>(
      await upload(staff, [
        { name: "one.png", bytes: await picture() },
        { name: "two.gif", bytes: await picture("gif") },
      ]),
      201,
    )
    const [one, two] = images.map((i) => i.id)
    const { imageGroup } = await json<{ imageGroup: GroupJson }>(
      await staff.post("/api/ImageGroups", { name: "Ashes gallery", imageIds: [two, one] }),
      201,
    )
    expect(imageGroup.images.map((i) => i.id)).toEqual([two, one])
    const reordered = await json<{ imageGroup: GroupJson }>(
      await staff.put(`/api/ImageGroups/${imageGroup.id}`, {
        name: "Ashes gallery",
        description: "Front first",
        imageIds: [one, two],
      }),
    )
    expect(reordered.imageGroup.images.map((i) => i.id)).toEqual([one, two])
    const listed = await json<{ imageGroups: GroupJson[] }>(
      await staff.get("/api/ImageGroups?Name=ashes"),
    )
    expect(listed.imageGroups.map((g) => g.id)).toContain(imageGroup.id)
    expect((await staff.request("DELETE", `/api/ImageGroups/${imageGroup.id}`)).status).toBe(204)
    await problem(await staff.get(`/api/ImageGroups/${imageGroup.id}`), 404)
    expect(
      (await json<{ image: ImageJson }>(await staff.get(`/api/Images/${one}`))).image.imageGroupId,
    ).toBeNull()
  })

  it("refuse to go while a competition shows them, naming it (409)", async () => {
    const competitionId = await createCompetition(shop.db, {
      name: "Signed Ashes Stumps",
      description: "<p>Stumps</p>",
      ticketPrice: pence(100),
      totalTickets: 10,
      maxTicketsPerCustomer: 5,
      defaultTicketSaleQuantity: 1,
      cashAlternativeValue: null,
      startDateTimeUtc: new Date(Date.now() + 86_400_000),
      closeDateTimeUtc: new Date(Date.now() + 2 * 86_400_000),
      drawDateTimeUtc: new Date(Date.now() + 3 * 86_400_000),
      drawType: "Automatic",
      visibilityStatus: "Visible",
      categoryIds: [],
      attributes: {},
      imageUrls: ["/images/prizes/stumps.svg"],
      instantWinGroups: [],
      secrets: {
        drawSeed: new Uint8Array(randomBytes(32)),
        instantWinSalt: randomBytes(32).toString("hex"),
      },
    })
    const { imageGroupId } = await shop.db
      .selectFrom("competitions")
      .select("imageGroupId")
      .where("id", "=", competitionId)
      .executeTakeFirstOrThrow()
    const conflict = await problem(
      await staff.request("DELETE", `/api/ImageGroups/${imageGroupId}`),
      409,
    )
    expect(conflict.detail).toContain('"Signed Ashes Stumps"')
  })

  it("answer a bad body with the fields at fault", async () => {
    const bad = await problem(
      await staff.post("/api/ImageGroups", { name: " ", imageIds: [] }),
      400,
    )
    expect(bad.errors?.name).toEqual(["A name is required."])
  })
})

describe("the OpenAPI document", () => {
  it("documents the upload as multipart/form-data with file parts", async () => {
    const doc = await json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>
      components: { schemas: Record<string, unknown> }
    }>(await visitor.get("/api/openapi.json"))
    const content = doc.paths["/api/Images"]?.post?.requestBody?.content ?? {}
    expect(Object.keys(content)).toEqual(["multipart/form-data"])
    expect(JSON.stringify(content)).toContain('"#/components/schemas/PersistedFile"')
    expect(doc.components.schemas.PersistedFile).toEqual({ type: "string", format: "binary" })
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/Images/{imageId}",
        "/api/ImageGroups",
        "/api/ImageGroups/{imageGroupId}",
      ]),
    )
  })
})
