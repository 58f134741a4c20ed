import { brand } from "../../../web/src/brand"

/**
 * The back office's name: the brand's (apps/web/src/brand.ts, the one place a
 * brand is configured, decision 0003), so another operator's staff never
 * read Howzat's name in their tabs.
 */
export const backOfficeName = `${brand.shortName} back office`

/** A screen's title as the browser's tab shows it: "Orders · Howzat back office". */
export const pageTitle = (screen?: string): string =>
  screen === undefined ? backOfficeName : `${screen} · ${backOfficeName}`
