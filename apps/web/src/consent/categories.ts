/**
 * What each optional category means on this shop, in the words the banner
 * shows: it names the provider only when the brand configures one, and
 * says plainly when a category is not used at all (decision 0040).
 */
import type { Brand } from "../brand"

export interface CategoryText {
  readonly key: "statistics" | "marketing"
  readonly label: string
  readonly description: string
}

export const categoryTexts = (b: Pick<Brand, "tracking">): readonly CategoryText[] => {
  const replay = b.tracking.sessionReplay
  const pixel = b.tracking.marketing
  return [
    {
      key: "statistics",
      label: "Statistics",
      description: replay
        ? "Session recordings (Microsoft Clarity) show us how people use our pages, so we can fix what gets in their way. Typing in forms is masked."
        : "We do not use statistics cookies at the moment. If we start, they will only be set with your permission.",
    },
    {
      key: "marketing",
      label: "Marketing",
      description: pixel
        ? `Tells our advertising partner (Meta) when you add tickets to your basket, check out and pay, so we can see which adverts work.${replay ? " Also allows the session recordings above." : ""}`
        : `We do not use marketing cookies at the moment.${replay ? " Allowing marketing also allows the session recordings above." : " If we start, they will only be set with your permission."}`,
    },
  ]
}
