/** Answers on /FAQ that other pages link to, by the id their <details> carries. */
export const POSTAL_ENTRY_FAQ = "enter-by-post"
