import { emptyImages, memoryImages } from "@howzat/core/testing"
import { imagesContract } from "./images.contract"

imagesContract("images in memory (the ImageStore double)", async () => {
  const state = emptyImages()
  return {
    layer: memoryImages(state),
    shownBy: async (imageGroupId, user) => {
      const users = state.users[imageGroupId] ?? { competitions: [], instantWinGroups: [] }
      state.users[imageGroupId] =
        "competition" in user
          ? { ...users, competitions: [...users.competitions, user.competition] }
          : { ...users, instantWinGroups: [...users.instantWinGroups, user.instantWinGroup] }
    },
    close: async () => {},
  }
})
