/**
 * The description editor's links: web and mail addresses only. Anything
 * else (javascript:, data:) the server's sanitiser strips anyway; refusing
 * it here tells staff why the link did not appear.
 */
export const safeLink = (text: string): string | undefined => {
  const trimmed = text.trim()
  if (trimmed === "") return undefined
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(trimmed)) return trimmed
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const url = new URL(withScheme)
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".")
      ? url.href
      : undefined
  } catch {
    return undefined
  }
}
