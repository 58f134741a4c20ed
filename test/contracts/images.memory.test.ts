import { emptyImages, memoryImages } from "@howzat/core/testing"
import { imagesContract } from "./images.contract"

imagesContract("images in memory (the ImageStore double)", async () => ({
  layer: memoryImages(emptyImages()),
  close: async () => {},
}))
