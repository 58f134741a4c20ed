import { validationProblem } from "@howzat/contracts/problems"
import type { MiddlewareHandler } from "hono"
import { problemResponse } from "./problem-response"
import { JSON_BODY_LIMIT_BYTES, requestBodyLimit } from "./request-limits"

/** The one call that takes files: POST /api/Images (docs/product/api.md), multipart/form-data. */
export const isUpload = (method: string, path: string) =>
  method === "POST" && path === "/api/Images"

/**
 * Room for the form around the files: part headers, boundaries, a
 * description. Past `files × limit + this` a body cannot be an upload the
 * shop would take.
 */
const FORM_OVERHEAD_BYTES = 64 * 1024

export const uploadBodyLimitBytes = (maxImageBytes: number, maxFiles: number) =>
  maxImageBytes * maxFiles + FORM_OVERHEAD_BYTES

/** 64 KiB for JSON, as before; an upload its own, larger limit (docs/decisions/0015, 0028). */
const BODILESS_METHODS = new Set(["GET", "HEAD"])

export const requestBodyLimits = (uploadLimitBytes: number): MiddlewareHandler => {
  const json = requestBodyLimit(JSON_BODY_LIMIT_BYTES)
  const upload = requestBodyLimit(uploadLimitBytes, "An upload")
  return (c, next) => {
    // Node's server gives a GET or HEAD no body; asking for one would build a whole fetch
    // Request (headers copied, an AbortController) on every catalogue read for nothing.
    if (BODILESS_METHODS.has(c.req.method)) return next()
    return isUpload(c.req.method, c.req.path) ? upload(c, next) : json(c, next)
  }
}

const isMultipart = (contentType: string | undefined) =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "multipart/form-data"

export const nonMultipartProblem = (contentType: string | undefined) =>
  isMultipart(contentType)
    ? undefined
    : problemResponse(
        validationProblem({
          files: ["Send the images as multipart/form-data, one file part for each image."],
        }),
      )
