/**
 * How many page buttons the storefront shows at a screen width
 * (docs/product/constants.md): wider screens have room for more, and the
 * breakpoints follow the storefront's grid (Tailwind's sm, lg and 2xl here).
 * Presentation, so it lives with the pages that draw the buttons; which
 * pages those buttons are is core's (pageButtons, core/src/rules/pagination.ts).
 */
export const pageButtonCount = (viewportWidth: number): 5 | 9 | 15 | 21 => {
  if (viewportWidth < 576) return 5
  if (viewportWidth < 992) return 9
  if (viewportWidth < 1400) return 15
  return 21
}
