/**
 * How wide each picture is shown, for the browser to choose a variant
 * before the page's CSS has loaded. Every page sits in the storefront's
 * `max-w-7xl` column (1280 px, less 12 px of padding each side on phones
 * and 20 px from 640 px up).
 */
export const PICTURE_SIZES = {
  /** Home's banner: the column's whole width. */
  banner: "(min-width: 1280px) 1240px, calc(100vw - 24px)",
  /** CompetitionGrid: one column, two from 640 px, three from 1024 px, 24-px gaps. */
  tile: "(min-width: 1280px) 398px, (min-width: 1024px) calc((100vw - 88px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 24px)",
  /** Winners: two columns, three from 768 px, four from 1280 px, 16-px gaps. */
  winner:
    "(min-width: 1280px) 298px, (min-width: 768px) calc((100vw - 72px) / 3), calc((100vw - 40px) / 2)",
  /** The competition page's gallery: half the column from 1024 px, 48-px gap. */
  gallery:
    "(min-width: 1280px) 596px, (min-width: 1024px) calc((100vw - 88px) / 2), calc(100vw - 24px)",
  /** The gallery's thumbnails: Tailwind's `w-24` at every width. */
  galleryThumb: "96px",
} as const
