import type { ProblemJson } from "@howzat/contracts/problems"
import { validationProblem } from "@howzat/contracts/problems"

const PROBLEM_JSON = "application/problem+json"

export const problemResponse = (problem: ProblemJson, headers?: HeadersInit): Response =>
  new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { ...headers, "content-type": PROBLEM_JSON },
  })

const genericProblem = (status: number): ProblemJson => {
  switch (status) {
    case 404:
      return {
        type: "about:blank",
        title: "Not Found",
        detail: "There is no such API path.",
        status,
      }
    case 405:
      return { type: "about:blank", title: "Method Not Allowed", detail: "Not allowed.", status }
    default:
      return status >= 500
        ? {
            type: "about:blank",
            title: "Internal Server Error",
            detail: "Something went wrong on our side. Please try again soon.",
            status,
          }
        : {
            type: "about:blank",
            title: "Bad Request",
            detail: "The request was not valid.",
            status,
          }
  }
}

export const isProblem = (response: Response): boolean =>
  (response.headers.get("content-type") ?? "").startsWith(PROBLEM_JSON)

interface DecodeIssue {
  readonly path?: readonly unknown[]
  readonly message?: string
}

const fieldOf = (issue: DecodeIssue) =>
  issue.path && issue.path.length > 0 ? issue.path.map(String).join(".") : "request"

/** The longest message a field's error may carry. */
const MAX_ISSUE_MESSAGE = 200

/**
 * Schema's own messages end ", actual <the value sent>": a problem must not
 * echo what the caller sent (it may be 64 KiB, or someone else's markup
 * shown back in a dialog), so only what was expected is kept.
 */
export const withoutEcho = (message: string): string => {
  const expected = /^(Expected [\s\S]*?), actual [\s\S]*$/.exec(message)?.[1] ?? message
  return expected.length > MAX_ISSUE_MESSAGE
    ? `${expected.slice(0, MAX_ISSUE_MESSAGE - 1)}…`
    : expected
}

/**
 * HttpApi answers a request its schemas cannot decode with its own JSON
 * shape; the storefront reads RFC 9457 problems with field lists (docs/product/errors.md),
 * so this edge rewrites every error response into that form. Responses that
 * already are problems pass through untouched.
 */
export const asProblemResponse = async (response: Response): Promise<Response> => {
  if (response.status < 400) return response
  if (isProblem(response)) return response
  const contentType = response.headers.get("content-type") ?? ""
  const body: unknown = contentType.includes("json")
    ? await response.json().catch(() => undefined)
    : undefined
  if (
    typeof body === "object" &&
    body !== null &&
    "_tag" in body &&
    body._tag === "HttpApiDecodeError"
  ) {
    const issues = (
      "issues" in body && Array.isArray(body.issues) ? body.issues : []
    ) as DecodeIssue[]
    const errors: Record<string, string[]> = {}
    // An optional or nullable field that fails also reports "Expected undefined" or
    // "Expected null" (the union's other member): true, but no help.
    const helpful = issues.filter(
      (issue) => !/^Expected (undefined|null), actual/.test(issue.message ?? ""),
    )
    for (const issue of helpful.length > 0 ? helpful : issues) {
      const field = fieldOf(issue)
      errors[field] = [...(errors[field] ?? []), withoutEcho(issue.message ?? "is not valid")]
    }
    if (issues.length === 0) errors.request = ["The request could not be read."]
    return problemResponse(validationProblem(errors))
  }
  return problemResponse(genericProblem(response.status))
}
