export { MAX_INPUT_PIXELS, sharpImageVariants } from "./sharp-variants"
